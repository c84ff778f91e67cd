import type { Actor } from '@caliber/contracts';
import { auditActorOf, writeAudit, type FieldChange } from '@caliber/service-kit';
import type { EntityManager } from 'typeorm';

export interface RecallAuditEntry {
  /** 'recall': the notice (entityId its id); 'recall-device': one device's action (entityId the action's id). */
  entity: 'recall' | 'recall-device';
  entityId: string;
  /** The device the row concerns (a device's action), so the device's audit trail lists it. */
  equipmentId?: string;
  action: 'created' | 'updated' | 'closed' | 'found';
  changes: Record<string, FieldChange>;
}

/**
 * Every audit row the recalls write goes through here, in the caller's transaction, with old and
 * new values: one place to add a field to them all.
 */
export async function auditRecalls(
  manager: EntityManager,
  actor: Actor,
  entries: readonly RecallAuditEntry[],
): Promise<void> {
  const who = auditActorOf(actor);
  for (const entry of entries)
    await writeAudit(manager, {
      actor: who,
      entity: entry.entity,
      entityId: entry.entityId,
      equipmentId: entry.equipmentId,
      action: entry.action,
      changes: entry.changes,
    });
}
