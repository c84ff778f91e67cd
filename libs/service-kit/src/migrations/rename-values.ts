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

export async function revertRenamedValues(runner: QueryRunner, rename: RenameValues): Promise<void> {
  const target = `"${rename.schema}"."${rename.table}"`;
  const field = rename.column;
  await runner.query(
    `WITH undone AS (
       DELETE FROM "${rename.schema}"."audit_log"
        WHERE "actor_label" = 'migration' AND "action" = 'renamed' AND "entity" = $1 AND "changes" ? $2
        RETURNING "entity_id", "changes"
     )
     UPDATE ${target} AS row SET "${field}" = undone."changes" -> $2 ->> 'from'
       FROM undone
      WHERE row."id"::text = undone."entity_id" AND row."${field}" = undone."changes" -> $2 ->> 'to'`,
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
