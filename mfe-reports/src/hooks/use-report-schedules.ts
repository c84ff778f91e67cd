import type { ReportScheduleListResponse } from '@caliber/contracts';
import { useApiData } from '@caliber/web';

/** The person's report schedules (Engineers and Admins: everyone's), each with its next run. */
export function useReportSchedules() {
  return useApiData<ReportScheduleListResponse>('/reports/schedules', 'Failed to load your schedules.');
}
