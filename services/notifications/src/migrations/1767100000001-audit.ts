import {
  appendOnlyAuditMigration,
  auditChainCheckpointMigration,
  auditChainMigration,
} from '@caliber/service-kit';

/**
 * The audit log of the notifying service is append-only and hash-chained like every service's (see
 * `audit-chain.ts` in the service kit), with the checkpoint its check starts from. No row concerns a
 * device, so `equipment_id` stays empty here.
 */
export const NotificationsAuditAppendOnly1767100000001 = appendOnlyAuditMigration(
  'NotificationsAuditAppendOnly1767100000001',
  'notifications',
);
export const NotificationsAuditChain1767100000002 = auditChainMigration(
  'NotificationsAuditChain1767100000002',
  'notifications',
);
export const NotificationsAuditChainCheckpoint1767100000003 = auditChainCheckpointMigration(
  'NotificationsAuditChainCheckpoint1767100000003',
  'notifications',
);
