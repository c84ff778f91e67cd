import { auditLogTableSql } from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Report jobs, their files, their schedules and the audit log (schema `reports`).
 *
 * - A job row is the report as its owner follows it: what was asked, its state and progress, and
 *   who asked (kept by id with the name they had then). The queue (BullMQ, in Redis) only says
 *   which job to work on next; the row is the record.
 * - A finished file is kept in PostgreSQL as chunks of at most 256 KB, so every replica can
 *   serve it, no message carries a whole file, and writing it never holds it all in memory. The
 *   chunks are deleted when the file expires; the job row stays, marked expired.
 * - A schedule is the request it repeats and its frequency; each run covers the calendar week,
 *   month or quarter before it. Cancelling keeps the row (`cancelled_at`) for the audit.
 */
export class CreateReportsSchema1765000000000 implements MigrationInterface {
  name = 'CreateReportsSchema1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "reports"`);
    await queryRunner.query(`
      CREATE TABLE "reports"."report_schedules" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL,
        "owner_name" varchar(120) NOT NULL,
        "owner_role" varchar(20) NOT NULL,
        "owner_service_number" varchar(32) NOT NULL,
        "request" jsonb NOT NULL,
        "frequency" varchar(10) NOT NULL CHECK ("frequency" IN ('weekly', 'monthly', 'quarterly')),
        "email_to" varchar(254),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_run_at" timestamptz,
        "cancelled_at" timestamptz,
        "cancelled_by_name" varchar(120)
      )`);
    await queryRunner.query(
      `CREATE INDEX "report_schedules_owner" ON "reports"."report_schedules" ("owner_id", "created_at") WHERE "cancelled_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "reports"."report_jobs" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL,
        "owner_name" varchar(120) NOT NULL,
        "owner_role" varchar(20) NOT NULL,
        "owner_service_number" varchar(32) NOT NULL,
        "reports" text[] NOT NULL,
        "filters" jsonb NOT NULL,
        "options" jsonb NOT NULL,
        "format" varchar(4) NOT NULL CHECK ("format" IN ('pdf', 'xlsx', 'docx')),
        "state" varchar(10) NOT NULL DEFAULT 'queued'
          CHECK ("state" IN ('queued', 'running', 'done', 'failed', 'expired')),
        "progress" smallint NOT NULL DEFAULT 0 CHECK ("progress" BETWEEN 0 AND 100),
        "stage" varchar(200),
        "failure" varchar(500),
        "attempts" smallint NOT NULL DEFAULT 0,
        "file_name" varchar(60),
        "file_size" bigint,
        "schedule_id" uuid REFERENCES "reports"."report_schedules" ("id"),
        "email_to" varchar(254),
        "emailed_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "started_at" timestamptz,
        "finished_at" timestamptz,
        "expires_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "report_jobs_owner" ON "reports"."report_jobs" ("owner_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "report_jobs_created" ON "reports"."report_jobs" ("created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "report_jobs_expiry" ON "reports"."report_jobs" ("expires_at") WHERE "state" = 'done'`,
    );
    await queryRunner.query(`
      CREATE TABLE "reports"."report_file_chunks" (
        "job_id" uuid NOT NULL REFERENCES "reports"."report_jobs" ("id") ON DELETE CASCADE,
        "seq" integer NOT NULL,
        "data" bytea NOT NULL,
        PRIMARY KEY ("job_id", "seq")
      )`);
    for (const statement of auditLogTableSql('reports')) await queryRunner.query(statement);
    // Which principal's signed statement carried each change (the audit table's later column).
    await queryRunner.query(`ALTER TABLE "reports"."audit_log" ADD COLUMN "service" varchar(40)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SCHEMA "reports" CASCADE`);
  }
}
