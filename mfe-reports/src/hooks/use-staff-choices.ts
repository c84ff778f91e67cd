import { TECHNICIAN_LIST_LIMIT, type AssigneeListResponse } from '@caliber/contracts';
import { apiQuery, errorMessage, invalidates, reportKeys, useLiveQueryUpdates } from '@caliber/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The people a report's staff figures (and the audit trail's Person filter) may be narrowed to:
 * everyone who has or had work assigned (`approved=any`, as the Tasks page's technician filter),
 * at most 200, by name. A roster change (`user:changed`) asks again.
 */
export function useStaffChoices(fallback = 'Failed to load technicians') {
  const client = useQueryClient();
  useLiveQueryUpdates(client, { 'user:changed': invalidates(reportKeys.staff()) });
  const staff = useQuery({
    queryKey: reportKeys.staff(),
    queryFn: apiQuery<AssigneeListResponse>(
      `/users/preapproved/technicians?approved=any&limit=${TECHNICIAN_LIST_LIMIT}`,
    ),
  });
  return {
    people: staff.data?.technicians ?? [],
    error: staff.isError ? errorMessage(staff.error, fallback) : null,
    loaded: staff.data !== undefined,
  };
}
