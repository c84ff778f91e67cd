import { z } from 'zod';
import { ID_PATTERN } from './ids';
import { limitParam, pageFields, pageParam } from './paging';
import { ROLES, type Role } from './roles';
import type { TaskPriority, TaskStatus, TaskType } from './tasks';
import type { NotificationSettings } from './users';

/**
 * What a person is told, by which of their three Settings toggles it is governed. The names are
 * the keys of `NotificationSettings`, so a toggle turned off stops every kind of its topic.
 */
export const NOTIFICATION_TOPICS = ['taskUpdates', 'inventory', 'weeklyDigest'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number] & keyof NotificationSettings;

export const NOTIFICATION_KINDS = [
  /** A task was assigned to me. */
  'task-assigned',
  /** A task assigned to me was given to someone else, or left unassigned. */
  'task-unassigned',
  /** A task I reported was taken, completed, certified, returned or cancelled. */
  'reported-task-changed',
  /** My work was certified, or returned with the engineer's note. */
  'work-certified',
  'work-returned',
  /** Engineers: completed work waits for a certification. */
  'awaiting-certification',
  /** A device of my department went out of service, came back, or was decommissioned. */
  'device-status-changed',
  /** A recall or field safety notice matched a device of my department. */
  'recall-matched',
  /** A device of my department failed an electrical-safety test. */
  'safety-test-failed',
  /** A High-priority fault on a High-risk or life-support device: paged by SMS whatever the hour. */
  'urgent-fault',
  /** A PM occurrence assigned to me became overdue (told the day it did). */
  'pm-overdue',
  /** Engineers, Managers and Admins: a service contract ends within 90 days, then within 30. */
  'contract-renewal',
  /** Monday's e-mail: my tasks, the PM due this week, my department's devices and recalls. */
  'weekly-digest',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The toggle each kind answers to. */
export const NOTIFICATION_TOPIC_OF_KIND: Readonly<Record<NotificationKind, NotificationTopic>> = {
  'task-assigned': 'taskUpdates',
  'task-unassigned': 'taskUpdates',
  'reported-task-changed': 'taskUpdates',
  'work-certified': 'taskUpdates',
  'work-returned': 'taskUpdates',
  'awaiting-certification': 'taskUpdates',
  'device-status-changed': 'inventory',
  'recall-matched': 'inventory',
  'safety-test-failed': 'inventory',
  'urgent-fault': 'taskUpdates',
  'weekly-digest': 'weeklyDigest',
  'pm-overdue': 'taskUpdates',
  'contract-renewal': 'inventory',
};

/** The ways a notification leaves Caliber besides the in-app list. */
export const DELIVERY_CHANNELS = ['email', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const DELIVERY_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** How the delivery record's screen names a channel and a state. */
export const DELIVERY_CHANNEL_LABELS: Readonly<Record<DeliveryChannel, string>> = {
  email: 'E-mail',
  sms: 'SMS',
};
export const DELIVERY_STATE_LABELS: Readonly<Record<DeliveryState, string>> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** The API document's example: a task given to the technician who looks after the ICU's ventilators. */
const notificationExample = {
  id: '4d3c2b1a-0f9e-4d8c-b7a6-95847362a1b0',
  kind: 'task-assigned',
  topic: 'taskUpdates',
  title: 'Task assigned to you: Alarm fails self-test',
  body: 'Ventilator Hamilton C6 (SN HC6-20417), ICU. Priority High. Assigned by Ama Owusu.',
  link: '/tasks/0b7e4c1a-3f2d-4e5b-9a8c-1d2e3f4a5b6c',
  urgent: false,
  createdAt: '2026-11-29T08:14:03.000Z',
  readAt: null,
} as const;

/** One notification in the person's list (the bell). It says only what its reader may read. */
export const notificationDtoSchema = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    topic: z.enum(NOTIFICATION_TOPICS),
    title: z.string(),
    body: z.string(),
    link: z.string().describe('The path in the app of the record it is about (a task, a device, a recall).'),
    urgent: z.boolean(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification', examples: [notificationExample] });
export type NotificationDto = z.output<typeof notificationDtoSchema>;

export const notificationPageSchema = z
  .object({
    rows: z.array(notificationDtoSchema),
    unread: z.number().int().describe('How many of the person’s notifications are unread.'),
    ...pageFields,
  })
  .meta({
    id: 'NotificationPage',
    examples: [{ rows: [notificationExample], unread: 1, total: 1, page: 1, pages: 1, limit: 20 }],
  });
export type NotificationPage = z.output<typeof notificationPageSchema>;

export const notificationUnreadSchema = z
  .object({ unread: z.number().int().describe('How many of the person’s notifications are unread.') })
  .meta({ id: 'NotificationUnread', examples: [{ unread: 0 }] });
export type NotificationUnread = z.output<typeof notificationUnreadSchema>;

/** The bell's list: newest first; `unread=true` for the unread ones only. */
export const listNotificationsQuerySchema = z.strictObject({
  page: pageParam(),
  limit: limitParam(20, 50),
  // Text in an address; the gateway hands the service what it read (a boolean), read again there.
  unread: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: 'unread must be true or false.',
    })
    .optional()
    .transform((value) => value === true),
});
export type ListNotificationsQuery = z.output<typeof listNotificationsQuerySchema>;

/** Live event `notification:new`: the new notification and the person's unread count with it. */
export interface NotificationCreatedEvent {
  notification: NotificationDto;
  unread: number;
}
/** Live event `notification:read`: the person's unread count after a read in another tab or device. */
export interface NotificationsReadEvent {
  unread: number;
}
/** The NATS events behind those two: for one person, whose sockets alone receive them. */
export interface NotificationUserEvent<T> {
  userId: string;
  event: T;
}

// ---------------------------------------------------------------------------------------------
// What the notifying service reads from the others (service-only subjects).
// ---------------------------------------------------------------------------------------------

/**
 * A task as the notifying service needs it to decide who is told: who reported it, who has it,
 * the device and its risk. Names of people are not carried (the service says "by <actor>" from
 * the audit row only), and no costs.
 */
export interface TaskActivity {
  id: string;
  title: string;
  type: TaskType;
  priority: TaskPriority;
  status: TaskStatus;
  /** Who reported it (a fault report) or created it; null for the PM schedule. */
  reportedById: string | null;
  assigneeId: string | null;
  /** The assignee's name as the task keeps it (the reporter's My reports shows it too). */
  assigneeName: string | null;
  needsCertification: boolean;
  certified: boolean;
  equipmentId: string;
  deviceName: string;
  serialNumber: string;
  department: string;
  highRisk: boolean;
  lifeSupport: boolean;
}

export interface DeviceActivity {
  id: string;
  name: string;
  serialNumber: string;
  department: string;
  status: string;
}

export interface SafetyTestActivity {
  id: string;
  passed: boolean;
  equipmentId: string;
  deviceName: string;
  serialNumber: string;
  department: string;
}

export interface RecallActivity {
  recallId: string;
  title: string;
  reference: string;
  equipmentId: string;
  deviceName: string;
  serialNumber: string;
  department: string;
}

/**
 * One row of a service's activity feed: an audit row of its chain (`seq` is the chain position,
 * gap-free in commit order, so a reader that keeps the last position it applied misses nothing
 * and reads nothing twice), with the record it is about as that record now stands. Only rows of
 * the entities someone can be told about are carried; `last` of the page still moves past the
 * others.
 */
export interface ActivityChange {
  seq: string;
  at: string;
  entity: string;
  entityId: string;
  action: string;
  changes: Record<string, { from: unknown; to: unknown }>;
  actorId: string | null;
  /** The actor's name as the audit row has it (a service number, `system`, `PM schedule`). */
  actorLabel: string;
  task?: TaskActivity;
  device?: DeviceActivity;
  safetyTest?: SafetyTestActivity;
  recall?: RecallActivity;
}

/** Who is to be told: people by id, or everyone active of some roles (in some departments). */
export const notificationRecipientsRequestSchema = z.union([
  z.strictObject({ ids: z.array(z.string().regex(ID_PATTERN)).min(1).max(200) }),
  z.strictObject({
    /** Roles as the roster stores them (`Engineer`, not `engineer`). */
    roles: z.array(z.enum(ROLES)).min(1).max(ROLES.length),
    /** Omitted: every department. */
    departments: z.array(z.string().max(120)).max(50).optional(),
    /** The last id of the previous page (ids ascending), for the next. */
    after: z.string().regex(ID_PATTERN).optional(),
    limit: z.number().int().min(1).max(500).default(500),
  }),
]);
export type NotificationRecipientsRequest = z.input<typeof notificationRecipientsRequestSchema>;

/**
 * A person as the notifying service needs them: only active people, their toggles, and where
 * their messages go. Used to reach that person only; never put in another person's message.
 */
export interface NotificationRecipient {
  id: string;
  name: string;
  serviceNumber: string;
  role: Role;
  department: string | null;
  /** Their confirmed e-mail address, if any. */
  email: string | null;
  phone: string | null;
  notifications: NotificationSettings;
}

export interface NotificationRecipientsPage {
  people: NotificationRecipient[];
  /** Ask again with `after` set to this for more; null when there are no more. */
  next: string | null;
}

// ---------------------------------------------------------------------------------------------
// The delivery record (Admins) and the one-click unsubscribe.
// ---------------------------------------------------------------------------------------------

/** An urgent page, sent after one refusal of the SMS gateway: the delivery record's example. */
function deliveryExample() {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    notificationId: '4d3c2b1a-0f9e-4d8c-b7a6-95847362a1b0',
    kind: 'urgent-fault' as const,
    title: 'Urgent fault: Ventilator stops',
    recipientId: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    recipientName: 'Kwame Boateng',
    recipientServiceNumber: 'BME-1002',
    channel: 'sms' as const,
    address: '•••• 0167',
    state: 'sent' as const,
    attempts: 2,
    note: 'Nobody on call for Theatre and no engineer covers it: paged every Engineer.',
    lastError: null,
    createdAt: '2026-11-29T02:14:03.000Z',
    nextAttemptAt: null,
    sentAt: '2026-11-29T02:14:09.000Z',
  };
}

/** One e-mail or SMS of a notification: where it stands and why. The address is shown masked. */
export const deliveryRecordSchema = z
  .object({
    id: z.string(),
    notificationId: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    recipientId: z.string(),
    recipientName: z.string(),
    recipientServiceNumber: z.string(),
    channel: z.enum(DELIVERY_CHANNELS),
    address: z.string().describe('The address it went to, masked (a•••@hospital.example, •••• 0167).'),
    state: z.enum(DELIVERY_STATES),
    attempts: z.number().int(),
    note: z
      .string()
      .nullable()
      .describe('Why it went as it did: held for quiet hours or a limit, gathered, a fallback page.'),
    lastError: z.string().nullable().describe('The last refusal of the mail server or SMS gateway.'),
    createdAt: z.string(),
    nextAttemptAt: z.string().nullable(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'DeliveryRecord', examples: [deliveryExample()] });
export type DeliveryRecord = z.output<typeof deliveryRecordSchema>;

export const deliveryRecordPageSchema = z
  .object({ rows: z.array(deliveryRecordSchema), ...pageFields })
  .meta({
    id: 'DeliveryRecordPage',
    examples: [{ rows: [deliveryExample()], total: 1, page: 1, pages: 1, limit: 25 }],
  });
export type DeliveryRecordPage = z.output<typeof deliveryRecordPageSchema>;

export const listDeliveriesQuerySchema = z.strictObject({
  page: pageParam(),
  limit: limitParam(25, 100),
  state: z.enum(DELIVERY_STATES, { error: `state must be one of ${DELIVERY_STATES.join(', ')}.` }).optional(),
  channel: z
    .enum(DELIVERY_CHANNELS, { error: `channel must be one of ${DELIVERY_CHANNELS.join(', ')}.` })
    .optional(),
});
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuerySchema>;

/** The one-click unsubscribe of an e-mail's link: the token names the person and the topic. */
export const unsubscribeRequestSchema = z.strictObject({
  token: z.string({ error: 'token is required.' }).min(1, { error: 'token is required.' }).max(300),
});
export type UnsubscribeRequest = z.output<typeof unsubscribeRequestSchema>;

export const unsubscribeAnswerSchema = z
  .object({
    topic: z.enum(NOTIFICATION_TOPICS),
    message: z.string().describe('What was turned off, in words.'),
  })
  .meta({
    id: 'Unsubscribed',
    examples: [
      { topic: 'taskUpdates', message: 'Task updates are turned off. You can turn it on again in Settings.' },
    ],
  });
export type UnsubscribeAnswer = z.output<typeof unsubscribeAnswerSchema>;

/** Identity's side of it: one toggle of one person turned off (the notifying service only). */
export interface TurnOffNotificationsCommand {
  userId: string;
  topic: NotificationTopic;
}
