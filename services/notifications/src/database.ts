import { AuditEntryEntity, type ServiceDatabaseOptions } from '@caliber/service-kit';
import { CreateNotificationsSchema1767100000000 } from './migrations/1767100000000-create-notifications-schema';
import {
  NotificationsAuditAppendOnly1767100000001,
  NotificationsAuditChain1767100000002,
  NotificationsAuditChainCheckpoint1767100000003,
} from './migrations/1767100000001-audit';
import { NotificationDetail1767100000004 } from './migrations/1767100000004-notification-detail';
import { OnCall1767100000005 } from './migrations/1767100000005-on-call';

export const NOTIFICATIONS_SCHEMA = 'notifications';
/** Every migration in order; listed by hand so the bundle needs no file globbing. */
export const NOTIFICATIONS_MIGRATIONS = [
  CreateNotificationsSchema1767100000000,
  NotificationsAuditAppendOnly1767100000001,
  NotificationsAuditChain1767100000002,
  NotificationsAuditChainCheckpoint1767100000003,
  NotificationDetail1767100000004,
  OnCall1767100000005,
];

export function notificationsDatabase(url: string, poolSize?: number): ServiceDatabaseOptions {
  return {
    url,
    schema: NOTIFICATIONS_SCHEMA,
    entities: [AuditEntryEntity],
    migrations: NOTIFICATIONS_MIGRATIONS,
    poolSize,
  };
}
