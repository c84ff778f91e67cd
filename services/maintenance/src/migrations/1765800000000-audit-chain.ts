import { auditChainMigration } from '@caliber/service-kit';

/**
 * Chains `maintenance.audit_log` (every row hashed with the one before it, see `audit-chain.ts` in
 * the service kit) and gives each row the device it concerns: for the rows already written, the
 * device of the task or PM plan the row is about.
 */
export const AuditChain1765800000000 = auditChainMigration('AuditChain1765800000000', 'maintenance', [
  `UPDATE "maintenance"."audit_log" a SET "equipment_id" = t."equipment_id"
     FROM "maintenance"."tasks" t WHERE a."entity" = 'task' AND a."entity_id" = t."id"::text`,
  `UPDATE "maintenance"."audit_log" a SET "equipment_id" = p."equipment_id"
     FROM "maintenance"."pm_plans" p WHERE a."entity" = 'pm-plan' AND a."entity_id" = p."id"::text`,
]);
