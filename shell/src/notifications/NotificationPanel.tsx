import type { NotificationDto } from '@caliber/contracts';
import { Badge, Button, EmptyState, ErrorState, LoadingState, useToast } from '@caliber/ui-kit';
import { errorMessage, Link, shownTimeZone, useHospitalTimeZone } from '@caliber/web';
import { useEffect, useId, useRef, useState } from 'react';
import { rowsOf, unreadOf } from './notification-cache';
import { notificationFullTime, notificationTime } from './notification-time';
import { useMarkAllNotificationsRead, useNotifications } from './use-notifications';

export const NOTIFICATIONS_EMPTY = 'You have no notifications.';
export const NOTIFICATIONS_LOAD_ERROR = 'Could not load your notifications.';

/** How often the rows' "5 min ago" is written again while the panel is open. */
const CLOCK_TICK_MS = 30_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Only a path of this app is followed (`/tasks/…`, `/equipment/…`): a notification is never a way
 * to send someone to another site.
 */
function inAppPath(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : null;
}

/**
 * The bell's panel: the person's notifications, newest first, unread ones marked; each opens the
 * record it is about in the app (`onOpen`: the bell closes the panel and marks it read). "Mark all
 * as read", "Load more" for the next page, the empty words, and a failed load with Retry.
 */
export function NotificationPanel({
  id,
  onOpen,
}: {
  id: string;
  onOpen(notification: NotificationDto): void;
}) {
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const toast = useToast();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const rows = rowsOf(notifications.data);
  const unread = unreadOf(notifications.data) ?? 0;

  // Opened: the panel has focus, so a screen reader starts at its heading and Tab walks its list.
  useEffect(() => panel.current?.focus(), []);

  return (
    <div className="bell-panel" id={id} ref={panel} role="dialog" aria-labelledby={titleId} tabIndex={-1}>
      <header className="bell-panel__header">
        <h2 className="bell-panel__title" id={titleId}>
          Notifications
        </h2>
        <Button
          variant="link"
          disabled={unread === 0}
          busy={markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: (error) => toast.error(errorMessage(error, 'Could not mark your notifications read.')),
            })
          }
        >
          Mark all as read
        </Button>
      </header>
      <div className="bell-panel__body">
        {notifications.isError && !notifications.isFetchNextPageError ? (
          <ErrorState
            message={errorMessage(notifications.error, NOTIFICATIONS_LOAD_ERROR)}
            onAction={() => void notifications.refetch()}
          />
        ) : null}
        {notifications.data ? (
          rows.length === 0 ? (
            <EmptyState title={NOTIFICATIONS_EMPTY} />
          ) : (
            <ul className="bell-list" aria-labelledby={titleId}>
              {rows.map((notification) => (
                <NotificationRow key={notification.id} notification={notification} onOpen={onOpen} />
              ))}
            </ul>
          )
        ) : notifications.isError ? null : (
          <LoadingState text="Loading notifications…" />
        )}
        {notifications.isFetchNextPageError ? (
          <ErrorState
            message={errorMessage(notifications.error, NOTIFICATIONS_LOAD_ERROR)}
            onAction={() => void notifications.fetchNextPage()}
          />
        ) : notifications.hasNextPage ? (
          <div className="bell-panel__more">
            <Button
              variant="secondary"
              size="small"
              busy={notifications.isFetchingNextPage}
              busyLabel="Loading…"
              onClick={() => void notifications.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function NotificationRow({
  notification,
  onOpen,
}: {
  notification: NotificationDto;
  onOpen(notification: NotificationDto): void;
}) {
  const timeZone = shownTimeZone(useHospitalTimeZone());
  const now = useNow();
  const path = inAppPath(notification.link);
  const unread = !notification.readAt;
  const content = (
    <>
      <span className="bell-item__head">
        {unread ? <span className="bell-item__dot" aria-hidden="true" /> : null}
        <span className="bell-item__title">
          {unread ? <span className="visually-hidden">Unread: </span> : null}
          {notification.title}
        </span>
        {notification.urgent ? <Badge tone="red">Urgent</Badge> : null}
      </span>
      <span className="bell-item__body">{notification.body}</span>
      <time
        className="bell-item__time"
        dateTime={notification.createdAt}
        title={notificationFullTime(notification.createdAt, timeZone)}
      >
        {notificationTime(notification.createdAt, now, timeZone)}
      </time>
    </>
  );
  const className = `bell-item${unread ? ' bell-item--unread' : ''}`;
  return (
    <li>
      {path ? (
        <Link to={path} className={className} onClick={() => onOpen(notification)}>
          {content}
        </Link>
      ) : (
        <button type="button" className={className} onClick={() => onOpen(notification)}>
          {content}
        </button>
      )}
    </li>
  );
}
