import type { ReportJobDto, ReportJobListResponse } from '@caliber/contracts';
import { reportKeys, useLiveConnection, useLiveQueryUpdates } from '@caliber/web';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { isBehind, placeReport, reportOfEvent } from '../utils/report-labels';

/** How often a report still being written is asked for when no live event can tell its progress. */
export const REPORT_POLL_MS = 4000;

/**
 * A report as its `report:progress` event brings it, put where the screens hold it: replaced on
 * its own page and in every page of the list that holds it (never by an older state: `isBehind`).
 * A report not held yet is asked for instead: its page's first answer may be older than the event,
 * and a report the list does not hold (one just asked for) belongs on top of the first page.
 */
export function placeReportInCache(client: QueryClient, job: ReportJobDto): void {
  const own = reportKeys.job(job._id);
  if (client.getQueryData<ReportJobDto>(own))
    client.setQueryData<ReportJobDto>(own, (held) => (held && isBehind(held, job) ? held : job));
  else void client.invalidateQueries({ queryKey: own });

  let listed = false;
  for (const [key, list] of client.getQueriesData<ReportJobListResponse>({
    queryKey: reportKeys.jobLists(),
  })) {
    const jobs = list ? placeReport(list.jobs, job) : null;
    if (!list || !jobs) continue;
    listed = true;
    client.setQueryData<ReportJobListResponse>(key, { ...list, jobs });
  }
  if (!listed) void client.invalidateQueries({ queryKey: reportKeys.jobLists() });
}

/**
 * Follows reports as they move: each `report:progress` event (sent to the report's owner only)
 * updates the cached reports. While something is unfinished and the live connection is not up
 * (Live updates turned off in Settings, or the connection lost), the query is asked again every
 * few seconds instead (`pollEvery`, for `refetchInterval`), and every report is asked again once
 * the connection comes back, for the events missed meanwhile.
 */
export function useReportFollow() {
  const client = useQueryClient();
  useLiveQueryUpdates(client, {
    'report:progress': (payload, cache) => {
      const job = reportOfEvent(payload);
      if (job) placeReportInCache(cache, job);
    },
  });
  const live = useLiveConnection() === 'live';
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current) void client.invalidateQueries({ queryKey: reportKeys.all });
    wasLive.current = live;
  }, [live, client]);
  return useCallback((unfinished: boolean) => (unfinished && !live ? REPORT_POLL_MS : false), [live]);
}
