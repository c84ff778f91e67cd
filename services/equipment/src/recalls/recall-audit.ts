import type { Actor } from '@caliber/contracts';
import { auditActorOf, writeAuditRows, type FieldChange } from '@caliber/service-kit';
import type { EntityManager } from 'typeorm';
import { EQUIPMENT_SCHEMA } from '../database';

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
 * new values, in the order given: one place to add a field to them all. A notice that finds
 * thousands of devices writes their rows a few thousand to a statement. Called last in a
 * transaction, once every row it changes is locked (the lock order in `recall-matching.ts`).
 */
export async function auditRecalls(
  manager: EntityManager,
  actor: Actor,
  entries: readonly RecallAuditEntry[],
): Promise<void> {
  await writeAuditRows(manager, EQUIPMENT_SCHEMA, auditActorOf(actor), entries);
}
