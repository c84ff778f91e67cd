import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOTICES = '"equipment"."recall_notices"';
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
/**
 * The contracts' RECALL_FOLD and RECALL_REFERENCE_DROPPED as they were when this ran (a migration
 * is never edited; the recalls integration test checks the SQL and the contracts still agree).
 */
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ';
const LOWER = 'abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ';
const DROPPED = '[\\t\\n\\v\\f\\r \\u00a0\\u2000-\\u200b\\u202f\\u205f\\u3000\\ufeff]';

/** The index that holds a source's reference to one notice (the service names it in its 409). */
export const RECALL_REFERENCE_INDEX = 'recall_notices_reference_once';

/** The unique index: one notice per source and reference key, among the notices not marked repeats. */
export const RECALL_REFERENCE_INDEX_SQL = `CREATE UNIQUE INDEX "${RECALL_REFERENCE_INDEX}" ON ${NOTICES}
    ("source", "equipment"."recall_reference_key"("source_reference")) WHERE "duplicate_of" IS NULL`;

/**
 * Marks each notice that repeats an earlier one (same source, same reference key) as a repeat of
 * the first recorded (created first; the lower id on a tie). Nothing is deleted, merged or closed.
 */
export const MARK_REPEATED_NOTICES_SQL = `UPDATE ${NOTICES} n SET "duplicate_of" = f."first"
    FROM (SELECT "id", first_value("id") OVER (
                   PARTITION BY "source", "equipment"."recall_reference_key"("source_reference")
                   ORDER BY "created_at", "id") AS "first"
            FROM ${NOTICES}) f
   WHERE n."id" = f."id" AND f."first" <> n."id" AND n."duplicate_of" IS NULL`;

/**
 * A source's notice is recorded once: `(source, recall_reference_key(source_reference))` is unique,
 * the key ignoring case and white space as the reference is typed (the contracts'
 * `recallReferenceKey`). A second save of the same notice (a retry after an answer that was lost)
 * is then refused with 409, naming the notice already recorded.
 *
 * Notices recorded twice before this rule are kept, all of them: a notice is evidence, its actions
 * may already be closed with decisions and tasks, and two records of a notice may have been edited
 * apart. Each repeat is marked `duplicate_of` the first recorded (`MARK_REPEATED_NOTICES_SQL`), the
 * recall page says so with a link to the first, and the unique rule holds among the rest. A repeat
 * is closed like any other notice (its actions with decisions naming the first record).
 */
export class RecallReferenceOnce1766010000000 implements MigrationInterface {
  name = 'RecallReferenceOnce1766010000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const fold = `translate($1, ${quoted(UPPER)}, ${quoted(LOWER)})`;
    await queryRunner.query(`
      CREATE FUNCTION "equipment"."recall_reference_key"(text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT regexp_replace(${fold}, ${quoted(DROPPED)}, '', 'g') $$`);
    await queryRunner.query(
      `ALTER TABLE ${NOTICES} ADD COLUMN "duplicate_of" uuid REFERENCES ${NOTICES} ("id")`,
    );
    await queryRunner.query(MARK_REPEATED_NOTICES_SQL);
    await queryRunner.query(RECALL_REFERENCE_INDEX_SQL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "equipment"."${RECALL_REFERENCE_INDEX}"`);
    await queryRunner.query(`ALTER TABLE ${NOTICES} DROP COLUMN "duplicate_of"`);
    await queryRunner.query(`DROP FUNCTION "equipment"."recall_reference_key"(text)`);
  }
}
