import { auditChainMigration } from '@caliber/service-kit';

/**
 * Chains `equipment.audit_log` (every row hashed with the one before it, see `audit-chain.ts` in
 * the service kit) and gives each row the device it concerns: for the rows already written, a
 * device's own rows name it by their entity id.
 */
export const AuditChain1765800000000 = auditChainMigration('AuditChain1765800000000', 'equipment', [
  `UPDATE "equipment"."audit_log" SET "equipment_id" = "entity_id"::uuid
    WHERE "entity" = 'equipment' AND "entity_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`,
]);
