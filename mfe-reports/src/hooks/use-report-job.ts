import type { ReportJobDto } from '@caliber/contracts';
import { apiQuery, reportKeys } from '@caliber/web';
import { useQuery } from '@tanstack/react-query';
import { isUnfinished } from '../utils/report-labels';
import { useReportFollow } from './use-report-follow';

/** One report (null: the address names none), followed live until it is done, failed or expired. */
export function useReportJob(id: string | null) {
  const pollEvery = useReportFollow();
  return useQuery({
    queryKey: reportKeys.job(id ?? ''),
    queryFn: apiQuery<ReportJobDto>(`/reports/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    refetchInterval: ({ state }) => pollEvery(state.data ? isUnfinished(state.data.state) : false),
  });
}
