import type { NotificationPage, NotificationUnread } from '@caliber/contracts';
import {
  api,
  notificationKeys,
  useLiveConnection,
  useLiveQueryUpdates,
  type LiveCacheRules,
} from '@caliber/web';
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  unreadOf,
  withAllRead,
  withArrival,
  withRead,
  withUnread,
  type NotificationPages,
} from './notification-cache';

/** Rows a page of the bell's list holds (the API's default). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

const LIST = notificationKeys.list();

/**
 * The person's notifications, newest first, a page at a time (`fetchNextPage` for Load more),
 * each page with their unread count. The top bar keeps it open from sign-in on, so the count is
 * there before the panel is; the panel opening is one more reader, which asks again if the list
 * went stale meanwhile (30 s, or at once after a read elsewhere).
 */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: LIST,
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationPage>(`/notifications?page=${pageParam}&limit=${NOTIFICATIONS_PAGE_SIZE}`, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: NotificationPage) => (last.page < last.pages ? last.page + 1 : undefined),
  });
}

/** Changes the cached list if there is one; with none yet, the first answer will say it all. */
function update(client: QueryClient, change: (data: NotificationPages) => NotificationPages): void {
  client.setQueryData<NotificationPages>(LIST, (data) => (data ? change(data) : data));
}

const LIVE_RULES: LiveCacheRules = {
  // A new notification goes on top with the count it came with: no need to ask.
  'notification:new': ({ notification, unread }, client) => {
    if (!client.getQueryData(LIST)) void client.invalidateQueries({ queryKey: LIST });
    else update(client, (data) => withArrival(data, notification, unread));
  },
  // Read in another tab or on another device: the count follows at once, and the rows (which of
  // them are read) are asked again. The echo of this tab's own read carries the count the list
  // has already, and asks nothing.
  'notification:read': ({ unread }, client) => {
    if (unreadOf(client.getQueryData<NotificationPages>(LIST)) === unread) return;
    update(client, (data) => withUnread(data, unread));
    void client.invalidateQueries({ queryKey: LIST });
  },
};

/**
 * Keeps the bell's list in step with the live connection: arrivals and reads elsewhere, and,
 * when the connection comes back after a drop, the list asked again (events sent meanwhile
 * were missed).
 */
export function useLiveNotifications(): void {
  const client = useQueryClient();
  useLiveQueryUpdates(client, LIVE_RULES);
  const connection = useLiveConnection();
  const beenLive = useRef(false);
  useEffect(() => {
    if (connection !== 'live') return;
    if (beenLive.current) void client.invalidateQueries({ queryKey: LIST });
    beenLive.current = true;
  }, [connection, client]);
}

/** Marks one notification read; the row and the count follow the server's answer. */
export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<NotificationUnread>(`/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: ({ unread }, id) =>
      update(client, (data) => withRead(data, id, new Date().toISOString(), unread)),
  });
}

/**
 * Marks every notification read. One that arrived meanwhile stays unread on the server: when the
 * answer's count says so, the list is asked again to show which.
 */
export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<NotificationUnread>('/notifications/read-all'),
    onSuccess: ({ unread }) => {
      update(client, (data) => withAllRead(data, new Date().toISOString(), unread));
      if (unread > 0) void client.invalidateQueries({ queryKey: LIST });
    },
  });
}
