import type { MigrationInterface, QueryRunner } from 'typeorm';

export interface RenameValues {
  schema: string;
  table: string;
  column: string;
  /** The audit log's name of the entity, e.g. `equipment` or `user`. */
  entity: string;
  /** Old value → new value. */
  renames: Readonly<Record<string, string>>;
}

/**
 * A data migration that rewrites stored values to new spellings, and writes one audit row per
 * changed record (actor `migration`, action `renamed`), so the change is as traceable as any
 * other. `revertRenamedValues` undoes exactly the rows it changed, from those audit rows.
 */
export async function renameStoredValues(runner: QueryRunner, rename: RenameValues): Promise<void> {
  const pairs = Object.entries(rename.renames);
  if (pairs.length === 0) return;
  const values = pairs.map((_, index) => `($${index * 2 + 1}, $${index * 2 + 2})`).join(', ');
  const target = `"${rename.schema}"."${rename.table}"`;
  await runner.query(
    `WITH renamed AS (
       UPDATE ${target} AS row SET "${rename.column}" = map.new_value
         FROM (VALUES ${values}) AS map(old_value, new_value)
        WHERE row."${rename.column}" = map.old_value
        RETURNING row."id", map.old_value, map.new_value
     )
     INSERT INTO "${rename.schema}"."audit_log" ("actor_id", "actor_label", "entity", "entity_id", "action", "changes")
     SELECT NULL, 'migration', $${pairs.length * 2 + 1}, renamed."id"::text, 'renamed',
            jsonb_build_object($${pairs.length * 2 + 2}::text, jsonb_build_object('from', renamed.old_value, 'to', renamed.new_value))
       FROM renamed`,
    [...pairs.flat(), rename.entity, rename.column],
  );
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
