import type { LiveEvent } from './live-events';

/** NATS request/reply subjects, one namespace per owning service. */
export const SUBJECTS = {
  identity: {
    requestOtp: 'identity.otp.request',
    verifyOtp: 'identity.otp.verify',
    checkSession: 'identity.session.check',
    endSession: 'identity.session.end',
    updateProfile: 'identity.users.update-me',
    updateNotifications: 'identity.settings.notifications',
    updateReportDefaults: 'identity.settings.reports',
    updateAppearance: 'identity.settings.appearance',
    health: 'identity.health',
  },
  equipment: {
    list: 'equipment.list',
    get: 'equipment.get',
    history: 'equipment.history',
    create: 'equipment.create',
    update: 'equipment.update',
    changeStatus: 'equipment.status.change',
    delete: 'equipment.delete',
    health: 'equipment.health',
  },
} as const;

/** Queue groups: every replica of a service joins its group, so each request is handled once. */
export const QUEUE_GROUPS = {
  identity: 'identity',
  equipment: 'equipment',
} as const;

/** NATS subjects of domain events (published by the owner, forwarded to browsers by the gateway). */
export const EVENT_SUBJECT_PREFIX = 'events';
export const EVENT_SUBJECTS = {
  userSignedIn: 'events.identity.user-signed-in',
  /** Sessions that ended before their time: every gateway replica forgets them and closes their sockets. */
  sessionsEnded: 'events.identity.sessions-ended',
  /** A person's account changed (name, e-mail, settings): gateways drop what they cached of it. */
  userUpdated: 'events.identity.user-updated',
  equipmentCreated: 'events.equipment.created',
  equipmentUpdated: 'events.equipment.updated',
  equipmentStatusChanged: 'events.equipment.status-changed',
  equipmentDeleted: 'events.equipment.deleted',
} as const;

/** Which NATS domain event reaches the browsers under which live event name. */
export const LIVE_EVENT_OF_SUBJECT = {
  [EVENT_SUBJECTS.equipmentCreated]: 'equipment:created',
  [EVENT_SUBJECTS.equipmentUpdated]: 'equipment:updated',
  [EVENT_SUBJECTS.equipmentStatusChanged]: 'equipment:statusChanged',
  [EVENT_SUBJECTS.equipmentDeleted]: 'equipment:deleted',
} as const satisfies Record<string, LiveEvent>;
