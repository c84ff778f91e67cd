import { TECHNICIAN_LIST_LIMIT, type AssigneeListResponse, type TaskUsersResponse } from '@caliber/contracts';
import { useApiData } from '@caliber/web';

/**
 * The people a task may be assigned to. `any` (the Tasks page's technician filter) also lists
 * active people no longer approved for tasks, because their old tasks stay assigned to them.
 * Asked only when `enabled` (an Engineer or Admin is looking).
 */
export function useAssignees(approved: 'true' | 'any', enabled: boolean) {
  const { data, error } = useApiData<AssigneeListResponse>(
    enabled ? `/users/preapproved/technicians?approved=${approved}&limit=${TECHNICIAN_LIST_LIMIT}` : null,
    'Failed to load technicians',
  );
  return { people: data?.technicians ?? [], error };
}

/** The Create Task form's Assign To list. */
export function useAssignableUsers(enabled: boolean) {
  const { data, error } = useApiData<TaskUsersResponse>(
    enabled ? '/auth/users' : null,
    'Failed to load users',
  );
  return { people: data?.users ?? [], error };
}
