import {
  listNotificationsQuerySchema,
  notificationPageSchema,
  notificationUnreadSchema,
  SUBJECTS,
} from '@caliber/contracts';
import { operation, type ApiOperation } from '../api/operation';

/**
 * The bell: the signed-in person's own notifications, kept by the notifications service. Everyone
 * signed in has one, clinical staff included (they are told of their own reports and their ward's
 * devices). The service takes the person from the signed statement only, so nobody reads or marks
 * another's.
 */
export const NOTIFICATIONS_OPERATIONS = {
  listNotifications: operation({
    operationId: 'listNotifications',
    method: 'get',
    path: '/api/notifications',
    tag: 'Notifications',
    summary: 'Your own notifications, newest first, with your unread count',
    description:
      'What Caliber told you in the app (a task assigned to you, a device of your department out of service, a recall that found one): each with the path of the record it is about (`link`) and `readAt` (null while unread). Only your own, and only what your role may read. `unread=true` lists the unread ones only. Answers `{rows, unread, total, page, pages, limit}` (`limit` 20 by default, at most 50); `unread` is how many of all your notifications are unread, whatever the filter.',
    callers: 'signed-in',
    query: listNotificationsQuerySchema,
    answer: { status: 200, description: 'The page and your unread count.', schema: notificationPageSchema },
    forward: { subject: SUBJECTS.notifications.list },
  }),
  markNotificationRead: operation({
    operationId: 'markNotificationRead',
    method: 'post',
    path: '/api/notifications/{id}/read',
    tag: 'Notifications',
    summary: 'Mark one of your notifications read',
    description:
      'Marking one already read changes nothing and answers the same. Your other tabs and devices hear the new count live (`notification:read`). Answers `{unread}`, your unread count after it.',
    callers: 'signed-in',
    answer: { status: 200, description: 'Your unread count.', schema: notificationUnreadSchema },
    refusals: { 404: 'No such notification of yours.' },
    forward: { subject: SUBJECTS.notifications.markRead },
  }),
  markAllNotificationsRead: operation({
    operationId: 'markAllNotificationsRead',
    method: 'post',
    path: '/api/notifications/read-all',
    tag: 'Notifications',
    summary: 'Mark all your notifications read',
    description:
      'Every notification of yours that is unread now; one that arrives after it stays unread. Your other tabs and devices hear the new count live (`notification:read`). Answers `{unread}`, your unread count after it.',
    callers: 'signed-in',
    answer: { status: 200, description: 'Your unread count.', schema: notificationUnreadSchema },
    forward: { subject: SUBJECTS.notifications.markAllRead },
  }),
} as const satisfies Record<string, ApiOperation>;
