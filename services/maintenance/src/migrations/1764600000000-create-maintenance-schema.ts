import { auditLogTableSql } from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tasks, their spare parts, status history and audit log, and the outbox of their effects on
 * the inventory (schema `maintenance`).
 *
 * - The device, the assignee, the reporter and the certifying engineer are kept by id with the
 *   name they had at the time: the task's record stays readable whatever becomes of them.
 * - The checks keep the record coherent whatever code writes it: only a Completed task awaits or
 *   has certification, and only a Preventive task has a PM type and interval.
 * - A deleted task keeps its row (`deleted_at`) for the audit and the reports.
 * - An effect on the inventory is written to the outbox in the transaction that causes it, once per
 *   task and kind, and relayed until the equipment service confirms it (`delivered_at`) or refuses
 *   it for good (`failed_at`, with its reason in `last_error`).
 */
export class CreateMaintenanceSchema1764600000000 implements MigrationInterface {
  name = 'CreateMaintenanceSchema1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "maintenance"`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE "maintenance"."tasks" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "title" varchar(200) NOT NULL,
        "description" varchar(4000) NOT NULL,
        "task_type" varchar(20) NOT NULL,
        "pm_type" varchar(40),
        "pm_interval" varchar(20),
        "priority" varchar(10) NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'Pending',
        "assigned_to_id" uuid,
        "assigned_to_name" varchar(120),
        "equipment_id" uuid NOT NULL,
        "equipment_name" varchar(120) NOT NULL,
        "equipment_serial" varchar(64) NOT NULL,
        "equipment_department" varchar(100) NOT NULL,
        "equipment_category" varchar(40) NOT NULL,
        "due_date" date,
        "completed_date" timestamptz,
        "needs_certification" boolean NOT NULL DEFAULT false,
        "certified" boolean NOT NULL DEFAULT false,
        "certified_at" timestamptz,
        "certified_by_id" uuid,
        "certified_by_name" varchar(120),
        "fault_description" varchar(4000),
        "repair_details" varchar(4000),
        "comments" varchar(4000),
        "labour_hours" numeric(7, 2),
        "location" varchar(120),
        "reported_by_id" uuid,
        "reported_by_name" varchar(120),
        "severity" varchar(10),
        "search_text" text GENERATED ALWAYS AS (
          lower("title" || ' ' || "equipment_name" || ' ' || "equipment_serial" || ' ' || coalesce("assigned_to_name", '') || ' ' || left("description", 500))
        ) STORED,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "created_by_id" uuid,
        "created_by_name" varchar(120),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by_id" uuid,
        "updated_by_name" varchar(120),
        "deleted_at" timestamptz,
        "deleted_by_id" uuid,
        "version" integer NOT NULL DEFAULT 1,
        CONSTRAINT "tasks_status_check" CHECK ("status" IN ('Pending', 'In Progress', 'Completed', 'Cancelled')),
        CONSTRAINT "tasks_type_check" CHECK ("task_type" IN ('Repair', 'Install', 'Inspect', 'Assess', 'Calibrate', 'Preventive')),
        CONSTRAINT "tasks_priority_check" CHECK ("priority" IN ('Low', 'Medium', 'High', 'Urgent')),
        CONSTRAINT "tasks_pm_check" CHECK ("task_type" = 'Preventive' OR ("pm_type" IS NULL AND "pm_interval" IS NULL)),
        CONSTRAINT "tasks_certification_check" CHECK (
          ("status" = 'Completed' OR (NOT "needs_certification" AND NOT "certified"))
          AND NOT ("needs_certification" AND "certified")
          AND ("certified" = ("certified_at" IS NOT NULL))
          AND (("status" = 'Completed') = ("completed_date" IS NOT NULL))),
        CONSTRAINT "tasks_labour_check" CHECK ("labour_hours" IS NULL OR "labour_hours" >= 0)
      )`);
    const live = `WHERE "deleted_at" IS NULL`;
    await queryRunner.query(
      `CREATE INDEX "tasks_created_idx" ON "maintenance"."tasks" ("created_at" DESC, "id" DESC) ${live}`,
    );
    await queryRunner.query(
      `CREATE INDEX "tasks_assignee_idx" ON "maintenance"."tasks" ("assigned_to_id", "created_at" DESC, "id" DESC) ${live}`,
    );
    await queryRunner.query(
      `CREATE INDEX "tasks_status_idx" ON "maintenance"."tasks" ("status", "created_at" DESC, "id" DESC) ${live}`,
    );
    await queryRunner.query(
      `CREATE INDEX "tasks_equipment_idx" ON "maintenance"."tasks" ("equipment_id", "created_at" DESC) ${live}`,
    );
    await queryRunner.query(
      `CREATE INDEX "tasks_search_idx" ON "maintenance"."tasks" USING gin ("search_text" gin_trgm_ops) ${live}`,
    );
    await queryRunner.query(`
      CREATE TABLE "maintenance"."spare_parts" (
        "id" bigserial PRIMARY KEY,
        "task_id" uuid NOT NULL REFERENCES "maintenance"."tasks" ("id"),
        "position" integer NOT NULL,
        "name" varchar(120) NOT NULL,
        "quantity" integer NOT NULL CHECK ("quantity" > 0),
        "description" varchar(500) NOT NULL DEFAULT '',
        "unit_cost" numeric(12, 2) CHECK ("unit_cost" IS NULL OR "unit_cost" >= 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX "spare_parts_task_idx" ON "maintenance"."spare_parts" ("task_id", "position")`,
    );
    await queryRunner.query(`
      CREATE TABLE "maintenance"."status_history" (
        "id" bigserial PRIMARY KEY,
        "task_id" uuid NOT NULL REFERENCES "maintenance"."tasks" ("id"),
        "from_status" varchar(20),
        "to_status" varchar(20) NOT NULL,
        "changed_at" timestamptz NOT NULL DEFAULT now(),
        "changed_by_id" uuid,
        "changed_by_name" varchar(120)
      )`);
    await queryRunner.query(
      `CREATE INDEX "status_history_task_idx" ON "maintenance"."status_history" ("task_id", "changed_at", "id")`,
    );
    for (const statement of auditLogTableSql('maintenance')) await queryRunner.query(statement);
    await queryRunner.query(`ALTER TABLE "maintenance"."audit_log" ADD COLUMN "service" varchar(40)`);
    await queryRunner.query(`
      CREATE TABLE "maintenance"."task_effects_outbox" (
        "id" bigserial PRIMARY KEY,
        "task_id" uuid NOT NULL REFERENCES "maintenance"."tasks" ("id"),
        "kind" varchar(20) NOT NULL,
        "equipment_id" uuid NOT NULL,
        "task_title" varchar(400) NOT NULL,
        "return_to_service" boolean NOT NULL DEFAULT true,
        "acting_user" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "last_error" varchar(500),
        "delivered_at" timestamptz,
        "failed_at" timestamptz,
        CONSTRAINT "task_effects_outbox_once" UNIQUE ("task_id", "kind")
      )`);
    await queryRunner.query(
      `CREATE INDEX "task_effects_outbox_pending_idx" ON "maintenance"."task_effects_outbox" ("equipment_id", "id")
        WHERE "delivered_at" IS NULL AND "failed_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['task_effects_outbox', 'audit_log', 'status_history', 'spare_parts', 'tasks'])
      await queryRunner.query(`DROP TABLE "maintenance"."${table}"`);
  }
}
