import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A Technician's task list holds the tasks assigned to them and the faults they reported, so the
 * list reads the tasks by reporter as it reads them by assignee (`tasks_assignee_idx`): the two
 * indexes together answer it without reading every task.
 */
export class ReporterIndex1765240000000 implements MigrationInterface {
  name = 'ReporterIndex1765240000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "tasks_reporter_idx" ON "maintenance"."tasks" ("reported_by_id", "created_at" DESC, "id" DESC)
        WHERE "deleted_at" IS NULL AND "reported_by_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_reporter_idx"`);
  }
}
