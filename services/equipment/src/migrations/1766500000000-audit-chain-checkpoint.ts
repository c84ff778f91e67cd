import { auditChainCheckpointMigration } from '@caliber/service-kit';

/**
 * Adds `equipment.audit_chain_verified`: the last head a check of the audit chain found intact, from
 * which the next check of the service's own subject (the compliance report's) starts, instead of
 * re-hashing every row each time (see `verifyAuditChain` in the service kit).
 */
export const AuditChainCheckpoint1766500000000 = auditChainCheckpointMigration(
  'AuditChainCheckpoint1766500000000',
  'equipment',
);
