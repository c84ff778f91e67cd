import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The status history by when each change happened: the dashboard's trend reads only the changes
 * of the last 30 days (what stood 30 days ago is what stands now, undone by those), not the whole
 * history of every device.
 */
export class HistoryByTime1765100000000 implements MigrationInterface {
  name = 'HistoryByTime1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "status_history_changed_idx" ON "equipment"."status_history" ("changed_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "equipment"."status_history_changed_idx"`);
  }
}
