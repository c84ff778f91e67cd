import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the dashboard reads at every visit, indexed so its cost does not follow the number of
 * tasks: the status history by when each change happened (the trend reads only the last 30 days'
 * changes), and the open tasks' due dates and the work awaiting certification, per assignee.
 */
export class DashboardIndexes1765100000000 implements MigrationInterface {
  name = 'DashboardIndexes1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "status_history_changed_idx" ON "maintenance"."status_history" ("changed_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "tasks_open_due_idx" ON "maintenance"."tasks" ("assigned_to_id", "due_date")
        WHERE "deleted_at" IS NULL AND "status" NOT IN ('Completed', 'Cancelled')`,
    );
    await queryRunner.query(
      `CREATE INDEX "tasks_open_due_all_idx" ON "maintenance"."tasks" ("due_date")
        WHERE "deleted_at" IS NULL AND "status" NOT IN ('Completed', 'Cancelled')`,
    );
    await queryRunner.query(
      `CREATE INDEX "tasks_awaiting_certification_idx" ON "maintenance"."tasks" ("assigned_to_id")
        WHERE "deleted_at" IS NULL AND "status" = 'Completed' AND "needs_certification"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_awaiting_certification_idx"`);
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_open_due_all_idx"`);
    await queryRunner.query(`DROP INDEX "maintenance"."tasks_open_due_idx"`);
    await queryRunner.query(`DROP INDEX "maintenance"."status_history_changed_idx"`);
  }
}
