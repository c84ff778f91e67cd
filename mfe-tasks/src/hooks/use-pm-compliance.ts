import type { PmComplianceResponse } from '@caliber/contracts';
import { useApiData } from './use-api-data';

/**
 * This month's PM compliance (the server's default period), the overdue occurrences and the
 * devices in the PM program without a plan.
 */
export function usePmCompliance() {
  return useApiData<PmComplianceResponse>('/maintenance/compliance', 'Failed to load PM compliance');
}
