import { occurrenceDueDate, type PmInterval } from '@caliber/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The PM program around the plans:
 * - A plan's schedule is anchored: occurrence `anchor_occurrence` falls due on `anchor_date`, each
 *   later one an interval after it. Changing a plan's interval or next due date moves the anchor to
 *   the next occurrence not created yet, so occurrences already created keep their dates.
 *   `next_occurrence`/`next_due_date` say what comes next, so the daily job finds the plans that
 *   need work through an index instead of reading every plan.
 * - Retiring a plan stops it and says when and why.
 * - `pm_coverage` is how many active plans each device has, kept by a trigger and numbered by a
 *   sequence for the equipment service's change feed (its "in the PM program but without a plan"
 *   filter). The trigger takes a transaction lock before it numbers a change, so numbers are
 *   committed in order: a reader that has seen number 11 can never later find a 10 committed
 *   behind it.
 * - `device_risk` is this service's copy of the inventory's risk flags and places, read from the
 *   equipment service's change feed; `feed_positions` remembers how far each feed has been read.
 *   PM compliance joins occurrences to them in one SQL statement.
 */
export class PmProgram1764900000000 implements MigrationInterface {
  name = 'PmProgram1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "maintenance"."pm_plans"
        ADD COLUMN "anchor_date" date,
        ADD COLUMN "anchor_occurrence" integer NOT NULL DEFAULT 0 CHECK ("anchor_occurrence" >= 0),
        ADD COLUMN "next_occurrence" integer NOT NULL DEFAULT 1 CHECK ("next_occurrence" >= 0),
        ADD COLUMN "next_due_date" date,
        ADD COLUMN "retired_at" timestamptz,
        ADD COLUMN "retired_by_id" uuid,
        ADD COLUMN "retired_by_name" varchar(120),
        ADD COLUMN "retire_reason" varchar(500)`);
    await queryRunner.query(`
      UPDATE "maintenance"."pm_plans" p SET
        "anchor_date" = p."first_due_date",
        "next_occurrence" = COALESCE(
          (SELECT max(t."plan_occurrence") + 1 FROM "maintenance"."tasks" t WHERE t."plan_id" = p."id"), 0)`);
    const plans: { id: string; first_due_date: string; interval: PmInterval; next_occurrence: number }[] =
      await queryRunner.query(
        `SELECT "id", to_char("first_due_date", 'YYYY-MM-DD') AS "first_due_date", "interval", "next_occurrence"
           FROM "maintenance"."pm_plans"`,
      );
    for (const plan of plans)
      await queryRunner.query(`UPDATE "maintenance"."pm_plans" SET "next_due_date" = $2 WHERE "id" = $1`, [
        plan.id,
        occurrenceDueDate(plan.first_due_date, plan.interval, plan.next_occurrence),
      ]);
    await queryRunner.query(
      `ALTER TABLE "maintenance"."pm_plans" ALTER COLUMN "anchor_date" SET NOT NULL, ALTER COLUMN "next_due_date" SET NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "pm_plans_next_due_idx" ON "maintenance"."pm_plans" ("next_due_date") WHERE "active"`,
    );
    await queryRunner.query(
      `CREATE INDEX "pm_plans_created_idx" ON "maintenance"."pm_plans" ("created_at" DESC, "id" DESC)`,
    );

    await queryRunner.query(`CREATE SEQUENCE "maintenance"."pm_coverage_seq"`);
    await queryRunner.query(`
      CREATE TABLE "maintenance"."pm_coverage" (
        "equipment_id" uuid PRIMARY KEY,
        "active_plans" integer NOT NULL,
        "seq" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "pm_coverage_seq_idx" ON "maintenance"."pm_coverage" ("seq")`);
    await queryRunner.query(`
      CREATE FUNCTION "maintenance"."pm_coverage_count"(device uuid) RETURNS void LANGUAGE sql AS $$
        SELECT pg_advisory_xact_lock(hashtext('maintenance.pm_coverage'));
        INSERT INTO "maintenance"."pm_coverage" ("equipment_id", "active_plans", "seq")
        VALUES (device,
                (SELECT count(*) FROM "maintenance"."pm_plans" WHERE "equipment_id" = device AND "active"),
                nextval('"maintenance"."pm_coverage_seq"'))
        ON CONFLICT ("equipment_id") DO UPDATE
          SET "active_plans" = EXCLUDED."active_plans", "seq" = EXCLUDED."seq"
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION "maintenance"."pm_coverage_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD."equipment_id" <> NEW."equipment_id" THEN
          PERFORM "maintenance"."pm_coverage_count"(OLD."equipment_id");
        END IF;
        PERFORM "maintenance"."pm_coverage_count"(NEW."equipment_id");
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "pm_plans_coverage" AFTER INSERT OR UPDATE OF "active", "equipment_id"
        ON "maintenance"."pm_plans" FOR EACH ROW EXECUTE FUNCTION "maintenance"."pm_coverage_changed"()`);
    await queryRunner.query(
      `SELECT "maintenance"."pm_coverage_count"("equipment_id") FROM (SELECT DISTINCT "equipment_id" FROM "maintenance"."pm_plans") d`,
    );

    await queryRunner.query(`
      CREATE TABLE "maintenance"."device_risk" (
        "equipment_id" uuid PRIMARY KEY,
        "risk_class" varchar(10),
        "high_risk" boolean NOT NULL,
        "life_support" boolean NOT NULL,
        "in_pm_program" boolean NOT NULL,
        "name" varchar(120) NOT NULL,
        "serial_number" varchar(64) NOT NULL,
        "department" varchar(100) NOT NULL,
        "category" varchar(40) NOT NULL,
        "retired" boolean NOT NULL,
        "deleted" boolean NOT NULL,
        "seq" bigint NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "device_risk_program_idx" ON "maintenance"."device_risk" ("department", "category")
        WHERE "in_pm_program" AND NOT "deleted" AND NOT "retired"`,
    );
    await queryRunner.query(`
      CREATE TABLE "maintenance"."feed_positions" (
        "feed" varchar(40) PRIMARY KEY,
        "position" bigint NOT NULL,
        "read_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Compliance reads the occurrences due in a period from this index alone (it carries every
    // column the counting needs), and walks it in due order for the overdue list.
    await queryRunner.query(
      `CREATE INDEX "tasks_plan_due_idx" ON "maintenance"."tasks" ("due_date")
        INCLUDE ("status", "completed_date", "equipment_id", "equipment_department", "equipment_category")
        WHERE "plan_id" IS NOT NULL AND "deleted_at" IS NULL`,
    );
    // One plan never has two live occurrences due the same day, whatever re-anchors its schedule.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "tasks_plan_due_key" ON "maintenance"."tasks" ("plan_id", "due_date")
        WHERE "plan_id" IS NOT NULL AND "deleted_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "tasks_open_unassigned_idx" ON "maintenance"."tasks" (COALESCE("due_date", ("created_at" AT TIME ZONE 'UTC')::date), "id")
        WHERE "assigned_to_id" IS NULL AND "deleted_at" IS NULL AND "status" NOT IN ('Completed', 'Cancelled')`,
    );
    await queryRunner.query(
      `CREATE INDEX "tasks_completed_idx" ON "maintenance"."tasks" ("completed_date" DESC, "updated_at" DESC, "created_at" DESC, "id" DESC)
        WHERE "status" = 'Completed' AND "deleted_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_completed_idx"`);
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_open_unassigned_idx"`);
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_plan_due_key"`);
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_plan_due_idx"`);
    await queryRunner.query(`DROP TABLE "maintenance"."feed_positions"`);
    await queryRunner.query(`DROP TABLE "maintenance"."device_risk"`);
    await queryRunner.query(`DROP TRIGGER "pm_plans_coverage" ON "maintenance"."pm_plans"`);
    await queryRunner.query(`DROP FUNCTION "maintenance"."pm_coverage_changed"()`);
    await queryRunner.query(`DROP FUNCTION "maintenance"."pm_coverage_count"(uuid)`);
    await queryRunner.query(`DROP TABLE "maintenance"."pm_coverage"`);
    await queryRunner.query(`DROP SEQUENCE "maintenance"."pm_coverage_seq"`);
    await queryRunner.query(`DROP INDEX "maintenance"."pm_plans_created_idx"`);
    await queryRunner.query(`DROP INDEX "maintenance"."pm_plans_next_due_idx"`);
    await queryRunner.query(`
      ALTER TABLE "maintenance"."pm_plans"
        DROP COLUMN "retire_reason", DROP COLUMN "retired_by_name", DROP COLUMN "retired_by_id",
        DROP COLUMN "retired_at", DROP COLUMN "next_due_date", DROP COLUMN "next_occurrence",
        DROP COLUMN "anchor_occurrence", DROP COLUMN "anchor_date"`);
  }
}
