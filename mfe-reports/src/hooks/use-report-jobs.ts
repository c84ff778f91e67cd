import type { ReportJobListResponse } from '@caliber/contracts';
import { apiQuery, reportKeys, usePageSize } from '@caliber/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isUnfinished, reportListQuery } from '../utils/report-labels';
import { useReportFollow } from './use-report-follow';

/** Recent reports a page when the person has not chosen Items per page in Settings. */
export const RECENT_REPORTS_PAGE_SIZE = 10;

/**
 * One page of the person's own reports, newest first; the page shown stays while another loads. A
 * report that moves is replaced in place as its event arrives; a report the page does not hold yet
 * (one just asked for) asks the page again.
 */
export function useReportJobs(page: number) {
  const limit = usePageSize(RECENT_REPORTS_PAGE_SIZE);
  const pollEvery = useReportFollow();
  const query = reportListQuery(page, limit);
  return useQuery({
    queryKey: reportKeys.jobList(query),
    queryFn: apiQuery<ReportJobListResponse>(`/reports?${query}`),
    placeholderData: keepPreviousData,
    refetchInterval: ({ state }) =>
      pollEvery(Boolean(state.data?.jobs.some((job) => isUnfinished(job.state)))),
  });
}
