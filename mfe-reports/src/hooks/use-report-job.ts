import type { ReportJobDto } from '@caliber/contracts';
import { useCallback } from 'react';
import { isBehind, isUnfinished, reportOfEvent } from '../utils/report-labels';
import { useApiData } from '@caliber/web';
import { useReportFollow } from './use-report-follow';

/** One report, followed live until it is done, failed or expired. */
export function useReportJob(id: string | null) {
  const report = useApiData<ReportJobDto>(
    id ? `/reports/${encodeURIComponent(id)}` : null,
    'Failed to load the report.',
  );
  const { patch, reload, data } = report;
  const held = data !== null;
  const onEvent = useCallback(
    (payload: unknown) => {
      const job = reportOfEvent(payload);
      if (!job || job._id !== id) return;
      // Before the first answer there is nothing to replace, and that answer may be older than
      // the event: the report is asked for again instead.
      if (held) patch((current) => (isBehind(current, job) ? current : job));
      else reload();
    },
    [id, held, patch, reload],
  );
  const job = report.data && report.data._id === id ? report.data : null;
  useReportFollow(job ? isUnfinished(job.state) : false, onEvent, reload);
  return { ...report, job };
}
