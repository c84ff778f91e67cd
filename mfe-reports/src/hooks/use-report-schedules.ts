import type { ReportScheduleListResponse } from '@caliber/contracts';
import { api, apiQuery, reportKeys } from '@caliber/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The person's report schedules (Engineers and Admins: everyone's), each with its next run. */
export function useReportSchedules() {
  return useQuery({
    queryKey: reportKeys.schedules(),
    queryFn: apiQuery<ReportScheduleListResponse>('/report-schedules'),
  });
}

/** Cancels a schedule (no more runs, no more e-mails); the schedules are asked again. */
export function useCancelSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ _id: string }>(`/report-schedules/${encodeURIComponent(id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: reportKeys.schedules() }),
  });
}
