import { appendOnlyAuditMigration } from '@caliber/service-kit';

/**
 * Audit rows are append-only: UPDATE, DELETE and TRUNCATE of `identity.audit_log` are refused by a
 * trigger, so the record of who changed what cannot be rewritten or removed afterwards, not even
 * by this service's own code.
 */
export const AuditAppendOnly1765360000000 = appendOnlyAuditMigration(
  'AuditAppendOnly1765360000000',
  'identity',
);
