import {
  addOnCallShiftSchema,
  departmentCoverQuerySchema,
  departmentCoverSchema,
  onCallShiftSchema,
  removedRecordSchema,
  setCoveringEngineersSchema,
  deliveryRecordPageSchema,
  listDeliveriesQuerySchema,
  listNotificationsQuerySchema,
  notificationPageSchema,
  notificationUnreadSchema,
  SUBJECTS,
  unsubscribeAnswerSchema,
  unsubscribeRequestSchema,
} from '@caliber/contracts';
import { ADMINS, ENGINEERS, operation, type ApiOperation } from '../api/operation';

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
  unsubscribeNotifications: operation({
    operationId: 'unsubscribeNotifications',
    method: 'post',
    path: '/api/notifications/unsubscribe',
    tag: 'Notifications',
    summary: 'Turn off one kind of notification from an e-mail’s link (no session)',
    description:
      'The one-click unsubscribe of RFC 8058: the `List-Unsubscribe` header of every notification e-mail names this address with its `token`, and the `/unsubscribe` page of the e-mail’s link posts it. The token, signed by the notifications service, names the person the e-mail went to and its kind (task updates, inventory changes, the weekly digest); that one Settings toggle is turned off, as if the person had saved it, and audited. A body (a mail client’s `List-Unsubscribe=One-Click`) is not read. Urgent pages are not a subscription and cannot be turned off this way.',
    callers: 'anyone',
    query: unsubscribeRequestSchema,
    answer: { status: 200, description: 'What was turned off, in words.', schema: unsubscribeAnswerSchema },
    refusals: { 400: 'The link is not valid (changed, or signed with a key since rotated).' },
    forward: { subject: SUBJECTS.notifications.unsubscribe, message: ({ query }) => ({ data: query }) },
  }),
  listNotificationDeliveries: operation({
    operationId: 'listNotificationDeliveries',
    method: 'get',
    path: '/api/notification-deliveries',
    tag: 'Notifications',
    summary: 'The delivery record of e-mails and SMS (Admins)',
    description:
      'Every e-mail and text message notifications made, newest first: to whom (the address masked), its state (`pending` while it waits or is retried, `sent`, `failed` once its tries ran out), how many tries, the last refusal of the mail server or SMS gateway, and a note of why it went as it did (held for the quiet hours or a person’s limit, gathered into one message, an urgent page sent to every Engineer because nobody covers the department). Filter by `state` and `channel`. Answers `{rows, total, page, pages, limit}` (`limit` 25 by default, at most 100).',
    callers: ADMINS,
    query: listDeliveriesQuerySchema,
    answer: { status: 200, description: 'A page of the record.', schema: deliveryRecordPageSchema },
    forward: { subject: SUBJECTS.notifications.deliveries },
  }),
  getDepartmentCover: operation({
    operationId: 'getDepartmentCover',
    method: 'get',
    path: '/api/on-call',
    tag: 'Notifications',
    summary: 'Who covers a department for urgent pages (Engineers and Admins)',
    description:
      'A department of the hospital lists (`department`, any name it has had): its covering engineers, the shifts under way now (`onCallNow`, all of them when shifts overlap), the next shift to start, and a page of the shifts not yet ended, earliest first (`limit` 50 by default, at most 100). An urgent page goes to whoever is on call now; with nobody on call, to the covering engineers; with none, to the department’s Engineers, then to every Engineer.',
    callers: ENGINEERS,
    query: departmentCoverQuerySchema,
    answer: { status: 200, description: 'The department’s cover.', schema: departmentCoverSchema },
    refusals: { 400: 'No department given, or not one of the hospital’s.' },
    forward: { subject: SUBJECTS.notifications.onCallCover },
  }),
  setCoveringEngineers: operation({
    operationId: 'setCoveringEngineers',
    method: 'put',
    path: '/api/on-call/covering',
    tag: 'Notifications',
    summary: 'Set a department’s covering engineers (Admins)',
    description:
      'Replaces the list (at most 20; an empty list clears it). Each must be an active Engineer or Admin of the roster; their names are kept for display. Audited. Answers the department’s cover.',
    callers: ADMINS,
    body: setCoveringEngineersSchema,
    answer: { status: 200, description: 'The department’s cover.', schema: departmentCoverSchema },
    refusals: {
      400: 'Not a department of the hospital’s, or someone named is not an active Engineer or Admin.',
    },
    forward: { subject: SUBJECTS.notifications.setCoveringEngineers },
  }),
  addOnCallShift: operation({
    operationId: 'addOnCallShift',
    method: 'post',
    path: '/api/on-call/shifts',
    tag: 'Notifications',
    summary: 'Add a shift to a department’s on-call rota (Admins)',
    description:
      '`from` (included) and `to` (excluded) are ISO 8601 date-times with their offset; a shift lasts at most 31 days, ends in the future and starts at most 366 days ahead. Shifts may overlap (everyone on call then is paged). A department holds at most 500 shifts not yet ended; shifts ended more than 90 days ago are removed. The engineer must be an active Engineer or Admin. Audited.',
    callers: ADMINS,
    body: addOnCallShiftSchema,
    answer: { status: 201, description: 'The shift.', schema: onCallShiftSchema },
    refusals: { 400: 'A bad date, department or engineer, or the rota ahead is full.' },
    forward: { subject: SUBJECTS.notifications.addOnCallShift },
  }),
  removeOnCallShift: operation({
    operationId: 'removeOnCallShift',
    method: 'delete',
    path: '/api/on-call/shifts/{id}',
    tag: 'Notifications',
    summary: 'Remove a shift from the on-call rota (Admins)',
    description: 'Audited. Answers the id of the shift removed.',
    callers: ADMINS,
    answer: { status: 200, description: 'The id of the shift removed.', schema: removedRecordSchema },
    refusals: { 404: 'No such shift.' },
    forward: { subject: SUBJECTS.notifications.removeOnCallShift },
  }),
} as const satisfies Record<string, ApiOperation>;
