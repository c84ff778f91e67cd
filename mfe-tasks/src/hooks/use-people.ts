import { TECHNICIAN_LIST_LIMIT, type AssigneeDto, type AssigneeListResponse } from '@caliber/contracts';
import { useApiData } from './use-api-data';

/** `GET /auth/users`: everyone the Create Task form may assign a task to. */
interface UserListResponse {
  users: AssigneeDto[];
}

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
  const { data, error } = useApiData<UserListResponse>(
    enabled ? '/auth/users' : null,
    'Failed to load users',
  );
  return { people: data?.users ?? [], error };
}
