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

/** DDL of a service's audit table, for its first migration: the same shape in every schema. */
export function auditLogTableSql(schema: string): string[] {
  return [
    `CREATE TABLE "${schema}"."audit_log" (
        "id" bigserial PRIMARY KEY,
        "actor_id" uuid,
        "actor_label" varchar(64) NOT NULL,
        "entity" varchar(40) NOT NULL,
        "entity_id" varchar(64) NOT NULL,
        "action" varchar(40) NOT NULL,
        "changes" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "at" timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX "audit_log_entity_idx" ON "${schema}"."audit_log" ("entity", "entity_id", "at")`,
  ];
}
