import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What others reported of a fault already reported: one row per account, kept with its task (the
 * reporter's id and the name they had). Read by task, newest first (the task's details), and
 * counted by task for a device's open faults.
 */
export class AddedReports1766700000000 implements MigrationInterface {
  name = 'AddedReports1766700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "maintenance"."added_reports" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "task_id" uuid NOT NULL REFERENCES "maintenance"."tasks" ("id"),
        "text" varchar(4000) NOT NULL,
        "reported_by_id" uuid,
        "reported_by_name" varchar(120),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "added_reports_task_idx" ON "maintenance"."added_reports" ("task_id", "created_at" DESC, "id" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "maintenance"."added_reports"`);
  }
}
