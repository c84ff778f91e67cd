import type { MigrationInterface, QueryRunner } from 'typeorm';

const EQUIPMENT = '"equipment"."equipment"';
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
/**
 * The contracts' RECALL_FOLD and RECALL_KEY_DROPPED as they were when this ran (a migration is
 * never edited; the recalls integration test checks the SQL and the contracts still agree).
 */
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ';
const LOWER = 'abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ';
const DROPPED = '[\\x01-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7F\\xA0]';

/**
 * Recalls and field safety notices:
 * - `recall_notices`: a notice as entered, with its matching keys beside it (the manufacturer's,
 *   the models', the serials', the lots' and the ranges' split into prefix and number), so the
 *   inventory is matched against it in one statement.
 * - `recall_actions`: one row per device a notice found (once per notice and device), open until an
 *   Engineer or Admin closes it with a completed task on that device or a written decision. It keeps
 *   the device's fields as they were when found: a device edited since still was affected.
 * - `equipment.open_recall_actions`: how many of a device's actions are open, kept by the same
 *   transactions, so the inventory's cards and its "Open recall" filter need no join (a partial
 *   index holds only the few devices with one).
 * - `recall_key` and `recall_serial_key`: the contracts' `recallNameKey` and `recallSerialKey` in
 *   SQL. `translate` and a regular expression of code points give the same answer in any locale.
 */
export class Recalls1765700000000 implements MigrationInterface {
  name = 'Recalls1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const fold = `translate($1, ${quoted(UPPER)}, ${quoted(LOWER)})`;
    await queryRunner.query(`
      CREATE FUNCTION "equipment"."recall_key"(text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT regexp_replace(${fold}, ${quoted(DROPPED)}, '', 'g') $$`);
    await queryRunner.query(`
      CREATE FUNCTION "equipment"."recall_serial_key"(text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ SELECT translate(btrim($1, E' \\t\\r\\n'), ${quoted(UPPER)}, ${quoted(LOWER)}) $$`);
    await queryRunner.query(`
      CREATE TABLE "equipment"."recall_notices" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "source" varchar(20) NOT NULL,
        "source_reference" varchar(100) NOT NULL,
        "title" varchar(200) NOT NULL,
        "manufacturer" varchar(120) NOT NULL,
        "manufacturer_key" text NOT NULL,
        "models" jsonb NOT NULL,
        "model_keys" text[] NOT NULL,
        "serial_numbers" jsonb NOT NULL,
        "serial_keys" text[] NOT NULL,
        "serial_ranges" jsonb NOT NULL,
        "range_keys" jsonb NOT NULL,
        "lot_numbers" jsonb NOT NULL,
        "lot_keys" text[] NOT NULL,
        "udi_di" varchar(14),
        "hazard" text NOT NULL,
        "action_required" text NOT NULL,
        "published_on" date NOT NULL,
        "state" varchar(6) NOT NULL DEFAULT 'open' CHECK ("state" IN ('open', 'closed')),
        "affected" integer NOT NULL DEFAULT 0,
        "closed" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "closed_at" timestamptz,
        "closing_decision" text,
        "created_by_id" uuid,
        "created_by_name" varchar(120),
        "updated_by_id" uuid,
        "updated_by_name" varchar(120),
        "version" integer NOT NULL DEFAULT 1
      )`);
    await queryRunner.query(
      `CREATE INDEX "recall_notices_open_idx" ON "equipment"."recall_notices" ("manufacturer_key")
        WHERE "state" = 'open'`,
    );
    await queryRunner.query(
      `CREATE INDEX "recall_notices_closed_at_idx" ON "equipment"."recall_notices" ("closed_at")
        WHERE "state" = 'closed'`,
    );
    await queryRunner.query(`
      CREATE TABLE "equipment"."recall_actions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "recall_id" uuid NOT NULL REFERENCES "equipment"."recall_notices" ("id"),
        "equipment_id" uuid NOT NULL REFERENCES ${EQUIPMENT} ("id"),
        "matched" jsonb NOT NULL,
        "found_at" timestamptz NOT NULL DEFAULT now(),
        "state" varchar(6) NOT NULL DEFAULT 'open' CHECK ("state" IN ('open', 'closed')),
        "closed_with" varchar(8) CHECK ("closed_with" IN ('task', 'decision')),
        "task_id" uuid,
        "decision" text,
        "closed_at" timestamptz,
        "closed_by_id" uuid,
        "closed_by_name" varchar(120),
        "version" integer NOT NULL DEFAULT 1,
        CONSTRAINT "recall_actions_once" UNIQUE ("recall_id", "equipment_id"),
        CONSTRAINT "recall_actions_closure_check" CHECK (
          ("state" = 'open' AND "closed_with" IS NULL)
          OR ("state" = 'closed' AND (("closed_with" = 'task' AND "task_id" IS NOT NULL)
                                   OR ("closed_with" = 'decision' AND "decision" IS NOT NULL))))
      )`);
    await queryRunner.query(
      `CREATE INDEX "recall_actions_equipment_idx" ON "equipment"."recall_actions" ("equipment_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "recall_actions_open_idx" ON "equipment"."recall_actions" ("found_at")
        WHERE "state" = 'open'`,
    );
    await queryRunner.query(
      `ALTER TABLE ${EQUIPMENT} ADD COLUMN "open_recall_actions" integer NOT NULL DEFAULT 0
        CHECK ("open_recall_actions" >= 0)`,
    );
    await queryRunner.query(
      `CREATE INDEX "equipment_open_recall_idx" ON ${EQUIPMENT} ("name", "id")
        WHERE "open_recall_actions" > 0 AND "deleted_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "equipment"."equipment_open_recall_idx"`);
    await queryRunner.query(`ALTER TABLE ${EQUIPMENT} DROP COLUMN "open_recall_actions"`);
    await queryRunner.query(`DROP TABLE "equipment"."recall_actions"`);
    await queryRunner.query(`DROP TABLE "equipment"."recall_notices"`);
    await queryRunner.query(`DROP FUNCTION "equipment"."recall_serial_key"(text)`);
    await queryRunner.query(`DROP FUNCTION "equipment"."recall_key"(text)`);
  }
}
