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

/** How often the dashboard is asked again while today's cost of service is being worked out. */
export const COST_OF_SERVICE_REFETCH_MS = 15_000;

/**
 * The dashboard's `refetchInterval`: every 15 s while the cost of service says today's figure is
 * being worked out (`current: false`), so the card turns current without a reload; never otherwise
 * (no live event announces the figure, and a current, missing or absent part has nothing to wait for).
 */
export function dashboardRefetchInterval(data: DashboardResponse | undefined): number | false {
  return data?.costOfService?.current === false ? COST_OF_SERVICE_REFETCH_MS : false;
}

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
    refetchInterval: ({ state }) => dashboardRefetchInterval(state.data),
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
