import type { SessionEndedNotice, UserUpdatedEvent } from './auth';
import type { EquipmentChangedEvent, EquipmentDeletedEvent, EquipmentStatusChangedEvent } from './equipment';
import type { ListsChangedEvent } from './lists';
import type { EquipmentImportedEvent, LiveEvent } from './live-events';
import type { NotificationCreatedEvent, NotificationsReadEvent } from './notifications';
import type { ReportProgressEvent } from './reports';
import type { TaskChangedEvent, TaskDeletedEvent, TaskWithdrawnEvent } from './task-api';

/**
 * What each live event carries, as the gateway sends it (services/gateway/src/live): the browsers'
 * one typed view of the socket, so a screen reads a payload without casting it. A task event is
 * the task as it now is, or its id alone when the task was just taken from a Technician (the
 * gateway withdraws it under the same event name).
 */
export interface LiveEventPayloads {
  'equipment:created': EquipmentChangedEvent;
  'equipment:updated': EquipmentChangedEvent;
  'equipment:deleted': EquipmentDeletedEvent;
  'equipment:statusChanged': EquipmentStatusChangedEvent;
  'equipment:imported': EquipmentImportedEvent;
  'task:created': TaskChangedEvent | TaskWithdrawnEvent;
  'task:updated': TaskChangedEvent | TaskWithdrawnEvent;
  'task:completed': TaskChangedEvent | TaskWithdrawnEvent;
  'task:deleted': TaskDeletedEvent;
  'task:statusChanged': TaskChangedEvent | TaskWithdrawnEvent;
  'task:workUpdated': TaskChangedEvent | TaskWithdrawnEvent;
  'task:certified': TaskChangedEvent | TaskWithdrawnEvent;
  'lists:changed': ListsChangedEvent;
  /** The person whose roster entry or account changed, never their details. */
  'user:changed': UserUpdatedEvent;
  'report:progress': ReportProgressEvent;
  'notification:new': NotificationCreatedEvent;
  'notification:read': NotificationsReadEvent;
  'socket:ready': { userId: string };
  'session:ended': SessionEndedNotice;
}

/** Every live event has its payload here, and nothing else is one (checked by the compiler). */
export type LiveEventPayload<E extends LiveEvent> = LiveEventPayloads[E];
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const LIVE_EVENT_MAP_IS_COMPLETE: Exact<keyof LiveEventPayloads, LiveEvent> = true;
