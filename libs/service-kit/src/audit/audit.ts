import { isDeepStrictEqual } from 'node:util';
import type { Actor } from '@caliber/contracts';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { AuditEntryEntity, type FieldChange } from './audit-entry.entity';

export interface AuditActor {
  id: string | null;
  label: string;
  /** The principal that vouched for the actor on the bus (absent: command line, seed). */
  service?: string;
}

/** How an audit row names a person acting through the bus: their service number, and who vouched. */
export function auditActorOf(actor: Actor): AuditActor {
  // A service acting on its own (a scheduled job) has no person's id.
  return { id: actor._id || null, label: actor.serviceNumber.slice(0, 64), service: actor.via };
}

export interface AuditRecord {
  actor: AuditActor;
  entity: string;
  entityId: string;
  action: string;
  changes?: Record<string, FieldChange>;
  /** The device this change concerns (a device itself, its task, its PM plan), for the audit viewer. */
  equipmentId?: string | null;
}

/** Writes an audit row inside the caller's transaction, so the change and its record land together. */
export async function writeAudit(manager: EntityManager, record: AuditRecord): Promise<void> {
  const entry = manager.create(AuditEntryEntity, {
    actorId: record.actor.id,
    actorLabel: record.actor.label,
    service: record.actor.service ?? null,
    entity: record.entity,
    entityId: record.entityId,
    action: record.action,
    changes: record.changes ?? {},
    equipmentId: record.equipmentId ?? null,
  });
  await manager.save(entry);
}

/** Audit rows one statement writes: each statement's JSON stays a few megabytes at most. */
const AUDIT_ROWS_PER_STATEMENT = 2_000;

/**
 * Writes many audit rows of one actor inside the caller's transaction, in the order given, a few
 * thousand to a statement rather than one round trip each: a recall that finds 20,000 devices
 * writes 20,000 rows. The chain's trigger numbers them in that order, as it does `writeAudit`'s.
 */
export async function writeAuditRows(
  manager: EntityManager,
  schema: string,
  actor: AuditActor,
  records: readonly Omit<AuditRecord, 'actor'>[],
): Promise<void> {
  for (let at = 0; at < records.length; at += AUDIT_ROWS_PER_STATEMENT) {
    const chunk = records.slice(at, at + AUDIT_ROWS_PER_STATEMENT).map((record) => ({
      entity: record.entity,
      entityId: record.entityId,
      action: record.action,
      changes: record.changes ?? {},
      equipmentId: record.equipmentId ?? null,
    }));
    await manager.query(
      `INSERT INTO "${schema}"."audit_log" ("actor_id", "actor_label", "service", "entity", "entity_id", "action",
              "changes", "equipment_id")
       SELECT $2, $3, $4, r."item" ->> 'entity', r."item" ->> 'entityId', r."item" ->> 'action', r."item" -> 'changes',
              (r."item" ->> 'equipmentId')::uuid
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r("item", "n")
        ORDER BY r."n"`,
      [JSON.stringify(chunk), actor.id, actor.label, actor.service ?? null],
    );
  }
}

/**
 * The fields whose value differs between `before` and `after`, as from/to pairs. Values are
 * compared as the JSON they are stored as, structurally: PostgreSQL's `jsonb` does not keep key
 * order, so `{a, b}` read back as `{b, a}` is the same value, not a change.
 */
export function diffFields<T extends object>(
  before: Partial<T>,
  after: Partial<T>,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (!sameStoredValue(from, to)) changes[key] = { from, to };
  }
  return changes;
}

/**
 * A deletion's audit: every field as it was, going to null, so the row alone says what was removed
 * (`diffFields` compares only the fields of its second argument, and a deletion has none).
 */
export function removedFields<T extends object>(before: T): Record<string, FieldChange> {
  return Object.fromEntries(
    Object.entries(before).map(([key, value]: [string, unknown]) => [key, { from: value ?? null, to: null }]),
  );
}

/** Equal once both are written as JSON (a Date and its ISO text are equal), whatever the key order. */
export function sameStoredValue(a: unknown, b: unknown): boolean {
  const asJson = (value: unknown): unknown =>
    value === undefined ? null : JSON.parse(JSON.stringify(value));
  return isDeepStrictEqual(asJson(a), asJson(b));
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

/**
 * The migration adding the `service` column (which principal's signed statement carried each
 * change) to a schema's audit table, with its exact `down`; a new service's first migration runs
 * its DDL right after `auditLogTableSql`. `name` is the migration's unique name with its timestamp.
 */
export function auditServiceColumnMigration(name: string, schema: string): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`ALTER TABLE "${schema}"."audit_log" ADD COLUMN "service" varchar(40)`);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`ALTER TABLE "${schema}"."audit_log" DROP COLUMN "service"`);
    }
  };
}

/**
 * The migration that makes a schema's audit table append-only: a trigger refuses every UPDATE,
 * DELETE and TRUNCATE of `audit_log` (a statement-level trigger, so one that would touch no row is
 * refused too), so a row once written is never changed or removed, whatever runs the statement:
 * the service's own code, a command-line tool, a migration or an administrator's SQL. Only DDL by
 * the table's owner (dropping or disabling the trigger) gets past it, and that is a schema change
 * a review sees. `name` is the migration's unique name with its timestamp; a new service's first
 * migration runs `appendOnlyAuditSql` right after `auditLogTableSql`.
 */
export function appendOnlyAuditMigration(name: string, schema: string): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      for (const statement of appendOnlyAuditSql(schema)) await queryRunner.query(statement);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`DROP TRIGGER "audit_log_append_only" ON "${schema}"."audit_log"`);
      await queryRunner.query(`DROP FUNCTION "${schema}"."refuse_audit_change"()`);
    }
  };
}

/** The DDL of `appendOnlyAuditMigration`: the refusing function and its trigger. */
export function appendOnlyAuditSql(schema: string): string[] {
  return [
    `CREATE FUNCTION "${schema}"."refuse_audit_change"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'The audit log is append-only: % of %.% is refused.', TG_OP, TG_TABLE_SCHEMA, TG_TABLE_NAME
          USING ERRCODE = 'insufficient_privilege',
                HINT = 'Audit rows are written once, with the change they record, and never changed or removed.';
      END $$`,
    `CREATE TRIGGER "audit_log_append_only"
      BEFORE UPDATE OR DELETE OR TRUNCATE ON "${schema}"."audit_log"
      FOR EACH STATEMENT EXECUTE FUNCTION "${schema}"."refuse_audit_change"()`,
  ];
}
