import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The task effects already applied, one row per task and kind: maintenance's relay repeats a
 * delivery until it hears back, and this key makes every repeat a no-op.
 */
export class TaskEffects1764600000000 implements MigrationInterface {
  name = 'TaskEffects1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "equipment"."task_effects" (
        "task_id" uuid NOT NULL,
        "kind" varchar(20) NOT NULL,
        "equipment_id" uuid NOT NULL,
        "applied_at" timestamptz NOT NULL DEFAULT now(),
        "from_status" varchar(20),
        "to_status" varchar(20),
        PRIMARY KEY ("task_id", "kind")
      )`);
    await queryRunner.query(
      `CREATE INDEX "status_history_task_idx" ON "equipment"."status_history" ("task_id") WHERE "task_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "equipment"."status_history_task_idx"`);
    await queryRunner.query(`DROP TABLE "equipment"."task_effects"`);
  }
}
