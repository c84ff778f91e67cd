import type { ReportJobListResponse } from '@caliber/contracts';
import { usePageSize } from '@caliber/web';
import { useCallback } from 'react';
import { isUnfinished, placeReport, reportListQuery, reportOfEvent } from '../utils/report-labels';
import { useApiData } from '@caliber/web';
import { useReportFollow } from './use-report-follow';

/** Recent reports a page when the person has not chosen Items per page in Settings. */
export const RECENT_REPORTS_PAGE_SIZE = 10;

/**
 * One page of the person's own reports, newest first. A report that moves is replaced in place as
 * its event arrives; a report the page does not hold yet (one just asked for) reloads the page.
 */
export function useReportJobs(page: number) {
  const limit = usePageSize(RECENT_REPORTS_PAGE_SIZE);
  const list = useApiData<ReportJobListResponse>(
    `/reports?${reportListQuery(page, limit)}`,
    'Failed to load your reports.',
  );
  const { patch, reload, data } = list;
  const onEvent = useCallback(
    (payload: unknown) => {
      const job = reportOfEvent(payload);
      if (!job) return;
      if (data && placeReport(data.jobs, job))
        patch((current) => ({ ...current, jobs: placeReport(current.jobs, job) ?? current.jobs }));
      else reload();
    },
    [data, patch, reload],
  );
  useReportFollow(Boolean(data?.jobs.some((job) => isUnfinished(job.state))), onEvent, reload);
  return list;
}
