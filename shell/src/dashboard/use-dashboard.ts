import { LIVE_EVENTS, type DashboardResponse, type LiveEvent } from '@caliber/contracts';
import {
  apiQuery,
  dashboardKeys,
  errorMessage,
  useLiveConnection,
  useLiveQueryUpdates,
  type LiveCacheRules,
} from '@caliber/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { coalesce } from './coalesce';

/** The spec's words for a failed load. */
export const DASHBOARD_FETCH_ERROR = 'Failed to fetch dashboard data';

/** Every equipment and task event: any of them may change a figure or Recent Activity. */
const REFRESHING_EVENTS: readonly LiveEvent[] = LIVE_EVENTS.filter(
  (event) => event.startsWith('equipment:') || event.startsWith('task:'),
);

/** At most one refetch a second however many events arrive (see `coalesce`). */
const LIVE_REFETCH_INTERVAL_MS = 1000;

/**
 * GET /api/dashboard, under the one key every card reads (`dashboardKeys.all`). Equipment and task
 * events mark it stale without a reload, coalesced; so does the live connection coming back after
 * a drop, since events sent meanwhile were missed. While a refetch runs the previous answer stays
 * on screen. `error` is the failure's message (the server's, else the spec's words).
 */
export function useDashboard() {
  const client = useQueryClient();
  const dashboard = useQuery({
    queryKey: dashboardKeys.all,
    queryFn: apiQuery<DashboardResponse>('/dashboard'),
  });

  const refetch = useMemo(
    () =>
      coalesce(
        () => void client.invalidateQueries({ queryKey: dashboardKeys.all }),
        LIVE_REFETCH_INTERVAL_MS,
      ),
    [client],
  );
  useEffect(() => () => refetch.cancel(), [refetch]);
  const rules = useMemo<LiveCacheRules>(
    () => Object.fromEntries(REFRESHING_EVENTS.map((event) => [event, () => refetch.request()])),
    [refetch],
  );
  useLiveQueryUpdates(client, rules);

  const connection = useLiveConnection();
  const beenLive = useRef(false);
  useEffect(() => {
    if (connection !== 'live') return;
    if (beenLive.current) refetch.request();
    beenLive.current = true;
  }, [connection, refetch]);

  return {
    data: dashboard.data ?? null,
    error: dashboard.isError ? errorMessage(dashboard.error, DASHBOARD_FETCH_ERROR) : null,
    reload: () => void dashboard.refetch(),
  };
}
