import { useLiveConnection, useLiveEvents } from '@caliber/web';
import { useEffect, useRef } from 'react';

const REPORT_EVENTS = ['report:progress'] as const;

/** How often a report still being written is asked for when no live event can tell its progress. */
export const REPORT_POLL_MS = 4000;

/**
 * Follows reports as they move: each `report:progress` event (sent to the report's owner only) goes
 * to `onEvent`. While something is unfinished and the live connection is not up (Live updates
 * turned off in Settings, or the connection lost), `reload` is called every few seconds instead,
 * and once more when the connection comes back, for the events missed meanwhile.
 */
export function useReportFollow(
  unfinished: boolean,
  onEvent: (payload: unknown) => void,
  reload: () => void,
) {
  useLiveEvents(REPORT_EVENTS, (_event, payload) => onEvent(payload));
  const connection = useLiveConnection();
  const live = connection === 'live';

  useEffect(() => {
    if (!unfinished || live) return;
    const timer = window.setInterval(reload, REPORT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [unfinished, live, reload]);

  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current) reload();
    wasLive.current = live;
  }, [live, reload]);
}
