import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each request counts its person's reports queued or being written (their limit, and the rank that
 * orders the queue fairly between people) and their live schedules: both read from small partial
 * indexes, so the count does not grow with the reports everyone has ever made. (Live schedules by
 * owner already have `report_schedules_owner`.)
 */
export class ActiveReportsByOwner1765200000000 implements MigrationInterface {
  name = 'ActiveReportsByOwner1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "report_jobs_active_owner" ON "reports"."report_jobs" ("owner_id", "created_at", "id")
        WHERE "state" IN ('queued', 'running')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "reports"."report_jobs_active_owner"`);
  }
}
