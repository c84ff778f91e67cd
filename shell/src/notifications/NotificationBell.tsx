import type { NotificationDto } from '@caliber/contracts';
import { useToast } from '@caliber/ui-kit';
import { errorMessage } from '@caliber/web';
import { useEffect, useId, useRef, useState } from 'react';
import { icons } from '../layout/icons';
import { unreadOf } from './notification-cache';
import { NotificationPanel } from './NotificationPanel';
import { useLiveNotifications, useMarkNotificationRead, useNotifications } from './use-notifications';
import './notifications.css';

/** The badge's text: the count, and "99+" past two digits so the badge keeps its size. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/**
 * The top bar's bell: the person's unread count as a badge (none at 0), kept current by the live
 * connection, and the panel of their notifications it opens (a popover beside it on a wide
 * screen, a sheet across a phone's width). The button's name says the count, since the badge is
 * drawn for the eye. Escape or a press outside the panel closes it; Escape returns focus to the
 * bell. Opening a notification closes the panel and marks it read here, where the answer is still
 * heard once the panel has gone.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  useLiveNotifications();
  const unread = unreadOf(notifications.data);
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const markRead = useMarkNotificationRead();
  const toast = useToast();

  const openNotification = (notification: NotificationDto) => {
    setOpen(false);
    if (notification.readAt) return;
    markRead.mutate(notification.id, {
      onError: (error) => toast.error(errorMessage(error, 'Could not mark the notification read.')),
    });
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPress = (event: PointerEvent | MouseEvent) => {
      if (event.target instanceof Node && frame.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPress);
    };
  }, [open]);

  return (
    <div className="bell" ref={frame}>
      <button
        type="button"
        ref={button}
        className="ck-button ck-button--ghost bell__button"
        aria-label={unread === null ? 'Notifications' : `Notifications, ${unread} unread`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        {icons.bell}
        {unread ? (
          <span className="bell__badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? <NotificationPanel id={panelId} onOpen={openNotification} /> : null}
    </div>
  );
}
