import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The theme a person chose, kept with their account so it follows them to the next device they
 * sign in on (each device still keeps its own copy and applies it at once). Null: follow the
 * device's system setting.
 */
export class AccountTheme1764300000000 implements MigrationInterface {
  name = 'AccountTheme1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "identity"."users" ADD COLUMN "theme" varchar(5)
         CONSTRAINT "users_theme_check" CHECK ("theme" IN ('light', 'dark'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "identity"."users" DROP COLUMN "theme"`);
  }
}
