import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A person's sessions by when they began, ended ones too: the dashboard's 'Last Login' is the
 * latest sign-in before the present one, read at each visit.
 */
export class SessionsByUser1765100000000 implements MigrationInterface {
  name = 'SessionsByUser1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "sessions_user_created_idx" ON "identity"."sessions" ("user_id", "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "identity"."sessions_user_created_idx"`);
  }
}
