import { LIVE_EVENTS, type DashboardResponse, type LiveEvent } from '@caliber/contracts';
import { useApiData, useLiveConnection, useLiveEvents } from '@caliber/web';
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
 * GET /api/dashboard (the query the screen keeps under one path, so every part of it reads the
 * same answer). Equipment and task events refetch it without a reload, coalesced; so does the live
 * connection coming back after a drop, since events sent meanwhile were missed. While a refetch
 * runs the previous answer stays on screen.
 */
export function useDashboard() {
  const dashboard = useApiData<DashboardResponse>('/dashboard', DASHBOARD_FETCH_ERROR);
  const { reload } = dashboard;
  const refetch = useMemo(() => coalesce(reload, LIVE_REFETCH_INTERVAL_MS), [reload]);
  useEffect(() => () => refetch.cancel(), [refetch]);
  useLiveEvents(REFRESHING_EVENTS, refetch.request);

  const connection = useLiveConnection();
  const beenLive = useRef(false);
  useEffect(() => {
    if (connection !== 'live') return;
    if (beenLive.current) refetch.request();
    beenLive.current = true;
  }, [connection, refetch]);

  return dashboard;
}
