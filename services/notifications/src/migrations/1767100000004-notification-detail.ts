import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `detail`: what a notification's message says beyond its 1,000-character `body`, as JSON: the
 * weekly digest's lists (its tasks, devices and recall actions, each bounded). The e-mail's text
 * is made from it when it is sent, with the person's own links; the bell shows `body`, a summary.
 * Null for every other kind.
 */
export class NotificationDetail1767100000004 implements MigrationInterface {
  name = 'NotificationDetail1767100000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications"."notifications" ADD COLUMN "detail" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications"."notifications" DROP COLUMN "detail"`);
  }
}
