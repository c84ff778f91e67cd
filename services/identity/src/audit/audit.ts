import type { EntityManager } from 'typeorm';
import { AuditEntryEntity, type FieldChange } from './audit-entry.entity';

export interface AuditActor {
  id: string | null;
  label: string;
}

export interface AuditRecord {
  actor: AuditActor;
  entity: string;
  entityId: string;
  action: string;
  changes?: Record<string, FieldChange>;
}

/** Writes an audit row inside the caller's transaction, so the change and its record land together. */
export async function writeAudit(manager: EntityManager, record: AuditRecord): Promise<void> {
  const entry = manager.create(AuditEntryEntity, {
    actorId: record.actor.id,
    actorLabel: record.actor.label,
    entity: record.entity,
    entityId: record.entityId,
    action: record.action,
    changes: record.changes ?? {},
  });
  await manager.save(entry);
}

/** The fields whose value differs between `before` and `after`, as from/to pairs. */
export function diffFields<T extends object>(
  before: Partial<T>,
  after: Partial<T>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}
