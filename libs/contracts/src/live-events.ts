/** Socket.io event names the browsers listen to, spelled exactly as the screens expect them. */
export const LIVE_EVENTS = [
  // Added to the original list: a new item reaches other browsers without a reload.
  'equipment:created',
  'equipment:updated',
  'equipment:deleted',
  'equipment:statusChanged',
  /** An inventory import was applied: one event for all its devices, so inventory screens reload once. */
  'equipment:imported',
  'task:created',
  'task:updated',
  'task:completed',
  'task:deleted',
  'task:statusChanged',
  'task:workUpdated',
  'task:certified',
  /** The hospital lists changed (an entry added, renamed, retired or restored): screens reload them. */
  'lists:changed',
  /** Someone's roster entry or own account changed (added, edited, deleted): lists of staff reload. */
  'user:changed',
  /** One of the person's reports moved (queued, running, done, failed, e-mailed): only they receive it. */
  'report:progress',
  /** A notification for the person (the bell), and their unread count after a read elsewhere. */
  'notification:new',
  'notification:read',
  'socket:ready',
  /** The session ended (signed out elsewhere, idle, deactivated, expired): the socket closes next. */
  'session:ended',
] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];

/** Payload of `equipment:imported`: how many devices an applied import added and updated. */
export interface EquipmentImportedEvent {
  importId: string;
  added: number;
  updated: number;
}
