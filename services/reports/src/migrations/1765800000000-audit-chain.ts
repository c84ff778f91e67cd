import { auditChainMigration } from '@caliber/service-kit';

/**
 * Chains `reports.audit_log`: every row hashed with the one before it (see `audit-chain.ts` in the
 * service kit), so a changed, removed or re-ordered row is found. No reports row concerns a device,
 * so `equipment_id` stays empty here.
 */
export const AuditChain1765800000000 = auditChainMigration('AuditChain1765800000000', 'reports');
