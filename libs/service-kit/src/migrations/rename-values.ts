import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { AuditActor } from '../audit/audit';

export interface RenameValues {
  schema: string;
  table: string;
  column: string;
  /** The audit log's name of the entity, e.g. `equipment` or `user`. */
  entity: string;
  /** Old value → new value. */
  renames: Readonly<Record<string, string>>;
  /** Only rows whose other column holds this value (a ward's name, within its department). */
  scope?: { column: string; value: string };
  /** Who renamed (default: the migration itself). */
  actor?: AuditActor;
  /** The audit row's field name when it differs from the column's (`department` for `equipment_department`). */
  field?: string;
  /** The column naming the device each renamed record concerns (`id` of a device, `equipment_id` of a task), for the audit row's `equipment_id`. */
  equipmentColumn?: string;
}

/**
 * Who the audit rows of a renamed department or category name in the services that follow the
 * hospital lists: the lists' owner, acting on an Admin's rename (who is audited there).
 */
export const RENAMED_ON_THE_LISTS: AuditActor = { id: null, label: 'hospital lists', service: 'equipment' };

/** What runs the statements: a migration's query runner, or a transaction's entity manager. */
export interface RenameRunner {
  query(query: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Rewrites stored values to new spellings (a data migration, or a renamed list entry reaching the
 * records that carry it), and writes one audit row per changed record (action `renamed`, by the
 * migration unless an actor is named), so the change is as traceable as any other.
 * `revertRenamedValues` undoes exactly the rows a migration changed, from those audit rows.
 * Answers how many records changed.
 */
export async function renameStoredValues(runner: RenameRunner, rename: RenameValues): Promise<number> {
  const pairs = Object.entries(rename.renames).filter(([from, to]) => from !== to);
  if (pairs.length === 0) return 0;
  const params: unknown[] = pairs.flat();
  const param = (value: unknown) => `$${params.push(value)}`;
  const values = pairs.map((_, index) => `($${index * 2 + 1}, $${index * 2 + 2})`).join(', ');
  const target = `"${rename.schema}"."${rename.table}"`;
  const scope = rename.scope ? ` AND row."${rename.scope.column}" = ${param(rename.scope.value)}` : '';
  // A migration's rows name no person and no service (its audit table may predate the `service`
  // column); a rename someone made names them.
  const actor = rename.actor;
  // Only an audit table with the chain's columns has `equipment_id`: earlier migrations name none.
  const equipmentValue = rename.equipmentColumn
    ? `, row."${rename.equipmentColumn}"::text AS equipment_id`
    : '';
  // Two statements, in this order, because of the audit chain: a transaction's first audit row
  // locks the schema's chain head until commit. The first statement locks the rows to change (in
  // id order, so two renames wait for each other rather than deadlock) and changes them, holding
  // no head; only then does the second add the audit rows and take the head. As one statement (an
  // UPDATE feeding the INSERT) it held the head while still locking rows, and deadlocked with a
  // writer that locks a device row and then writes its audit row (a task's effect on its device).
  const renamed = (await runner.query(
    `WITH locked AS (
       SELECT row."id", map.old_value, map.new_value
         FROM ${target} AS row
         JOIN (VALUES ${values}) AS map(old_value, new_value) ON row."${rename.column}" = map.old_value
        WHERE true${scope}
        ORDER BY row."id"
          FOR UPDATE OF row
     ), renamed AS (
       UPDATE ${target} AS row SET "${rename.column}" = locked.new_value
         FROM locked
        WHERE row."id" = locked."id"
        RETURNING row."id"::text AS id, locked.old_value::text AS old_value, locked.new_value::text AS new_value${equipmentValue}
     )
     SELECT * FROM renamed ORDER BY id`,
    params,
  )) as { id: string; old_value: string; new_value: string; equipment_id?: string | null }[];
  if (renamed.length === 0) return 0;
  const auditParams: unknown[] = [];
  const auditParam = (value: unknown) => `$${auditParams.push(value)}`;
  const rowsParam = auditParam(JSON.stringify(renamed));
  const actorColumns = actor ? '"actor_id", "actor_label", "service"' : '"actor_id", "actor_label"';
  const actorValues = actor
    ? `${auditParam(actor.id)}::uuid, ${auditParam(actor.label)}, ${auditParam(actor.service ?? null)}`
    : `NULL, 'migration'`;
  const equipmentColumn = rename.equipmentColumn ? ', "equipment_id"' : '';
  await runner.query(
    `INSERT INTO "${rename.schema}"."audit_log" (${actorColumns}, "entity", "entity_id", "action", "changes"${equipmentColumn})
     SELECT ${actorValues}, ${auditParam(rename.entity)}, renamed.id, 'renamed',
            jsonb_build_object(${auditParam(rename.field ?? rename.column)}::text,
                               jsonb_build_object('from', renamed.old_value, 'to', renamed.new_value))${equipmentColumn ? ', renamed.equipment_id::uuid' : ''}
       FROM jsonb_to_recordset(${rowsParam}::jsonb)
            AS renamed(id text, old_value text, new_value text, equipment_id text)
      ORDER BY renamed.id`,
    auditParams,
  );
  return renamed.length;
}

/**
 * Puts back the old values of the rows `renameStoredValues` changed (still holding the new value),
 * found from its audit rows, and audits each as `rename-reverted`: the audit log is append-only, so
 * the record of the rename stays and the revert is added to it.
 */
export async function revertRenamedValues(runner: QueryRunner, rename: RenameValues): Promise<void> {
  const target = `"${rename.schema}"."${rename.table}"`;
  const audit = `"${rename.schema}"."audit_log"`;
  const field = rename.column;
  await runner.query(
    `WITH renamed AS (
       SELECT DISTINCT ON ("entity_id") "entity_id", "changes" -> $2 AS change
         FROM ${audit}
        WHERE "actor_label" = 'migration' AND "action" = 'renamed' AND "entity" = $1 AND "changes" ? $2
        ORDER BY "entity_id", "id" DESC
     ), undone AS (
       UPDATE ${target} AS row SET "${field}" = renamed.change ->> 'from'
         FROM renamed
        WHERE row."id"::text = renamed."entity_id" AND row."${field}" = renamed.change ->> 'to'
       RETURNING row."id", renamed.change
     )
     INSERT INTO ${audit} ("actor_id", "actor_label", "entity", "entity_id", "action", "changes")
     SELECT NULL, 'migration', $1, undone."id"::text, 'rename-reverted',
            jsonb_build_object($2::text, jsonb_build_object('from', undone.change -> 'to', 'to', undone.change -> 'from'))
       FROM undone`,
    [rename.entity, field],
  );
}

/**
 * A migration class that renames stored values (`renameStoredValues`) and reverts exactly those
 * rows on the way down. `name` must be the migration's unique name with its timestamp.
 */
export function renameValuesMigration(name: string, rename: RenameValues): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      await renameStoredValues(queryRunner, rename);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await revertRenamedValues(queryRunner, rename);
    }
  };
}
