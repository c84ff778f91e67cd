import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PM plans: recurring preventive work on one device, with why it is on that schedule. Their
 * occurrences are tasks carrying the plan and the occurrence's number; the unique index makes
 * "the same plan and due date never produce two tasks" hold against any concurrent writer,
 * since an occurrence's number fixes its due date.
 */
export class PmPlans1764800000000 implements MigrationInterface {
  name = 'PmPlans1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "maintenance"."pm_plans" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "equipment_id" uuid NOT NULL,
        "equipment_name" varchar(120) NOT NULL,
        "equipment_serial" varchar(64) NOT NULL,
        "equipment_department" varchar(100) NOT NULL,
        "equipment_category" varchar(40) NOT NULL,
        "title" varchar(200) NOT NULL,
        "description" varchar(4000) NOT NULL DEFAULT '',
        "pm_type" varchar(40) NOT NULL,
        "interval" varchar(20) NOT NULL,
        "estimated_hours" numeric(6, 1) CHECK ("estimated_hours" IS NULL OR "estimated_hours" >= 0),
        "assigned_to_id" uuid,
        "assigned_to_name" varchar(120),
        "priority" varchar(10) NOT NULL,
        "first_due_date" date NOT NULL,
        "schedule_basis" varchar(40) NOT NULL,
        "justification" varchar(2000),
        "active" boolean NOT NULL DEFAULT true,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "created_by_id" uuid,
        "created_by_name" varchar(120),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by_id" uuid,
        "updated_by_name" varchar(120),
        "version" integer NOT NULL DEFAULT 1,
        CONSTRAINT "pm_plans_basis_check" CHECK (
          "schedule_basis" = 'Manufacturer recommendation'
          OR ("schedule_basis" = 'Alternative maintenance schedule' AND "justification" IS NOT NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX "pm_plans_equipment_idx" ON "maintenance"."pm_plans" ("equipment_id") WHERE "active"`,
    );
    await queryRunner.query(`
      ALTER TABLE "maintenance"."tasks"
        ADD COLUMN "plan_id" uuid REFERENCES "maintenance"."pm_plans" ("id"),
        ADD COLUMN "plan_occurrence" integer,
        ADD CONSTRAINT "tasks_plan_check" CHECK (("plan_id" IS NULL) = ("plan_occurrence" IS NULL))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "tasks_plan_occurrence_key" ON "maintenance"."tasks" ("plan_id", "plan_occurrence")
        WHERE "plan_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_plan_occurrence_key"`);
    await queryRunner.query(
      `ALTER TABLE "maintenance"."tasks" DROP CONSTRAINT "tasks_plan_check", DROP COLUMN "plan_occurrence", DROP COLUMN "plan_id"`,
    );
    await queryRunner.query(`DROP TABLE "maintenance"."pm_plans"`);
  }
}
