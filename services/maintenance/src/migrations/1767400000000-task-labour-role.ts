import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whose work a task's hours are (`tasks.labour_role`): the role kept when they are recorded (see
 * `labourRoleAfter`), so that a later change of that person's role never reprices the work. Hours recorded before this column existed have no role and stay unpriced: guessing one
 * would put a price on the record that nobody set.
 */
export class TaskLabourRole1767400000000 implements MigrationInterface {
  name = 'TaskLabourRole1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "maintenance"."tasks" ADD COLUMN "labour_role" varchar(20)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "maintenance"."tasks" DROP COLUMN "labour_role"`);
  }
}
