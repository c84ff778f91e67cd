import { TECHNICIAN_LIST_LIMIT, type AssigneeListResponse } from '@caliber/contracts';
import { useApiData } from '@caliber/web';

/**
 * The people a report's staff figures may be narrowed to: everyone who has or had work assigned
 * (`approved=any`, as the Tasks page's technician filter), at most 200, by name.
 */
export function useStaffChoices() {
  const { data, error } = useApiData<AssigneeListResponse>(
    `/users/preapproved/technicians?approved=any&limit=${TECHNICIAN_LIST_LIMIT}`,
    'Failed to load technicians',
  );
  return { people: data?.technicians ?? [], error, loaded: data !== null };
}
