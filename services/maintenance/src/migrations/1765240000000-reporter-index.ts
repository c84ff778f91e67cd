import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A Technician's task list holds the tasks assigned to them and the faults they reported, so the
 * list reads the tasks by reporter, newest first, as it reads them by assignee
 * (`tasks_assignee_idx`). It carries the status and the assignee, so the reported half of the list
 * and of its counts by status is read from the index alone.
 */
export class ReporterIndex1765240000000 implements MigrationInterface {
  name = 'ReporterIndex1765240000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "tasks_reporter_idx" ON "maintenance"."tasks" ("reported_by_id", "created_at" DESC, "id" DESC)
        INCLUDE ("status", "assigned_to_id") WHERE "deleted_at" IS NULL AND "reported_by_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_reporter_idx"`);
  }
}
