import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `source` up to 60 characters: a notification not caused by an audit row names what it is about
 * there, so its unique key (source, source_seq, person, kind) holds once per thing. A PM falling
 * overdue is `pm-overdue:<task id>` with the date as source_seq: one per task, person and day.
 * Lengthening a varchar rewrites nothing.
 */
export class LongerNotificationSource1767100000005 implements MigrationInterface {
  name = 'LongerNotificationSource1767100000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "notifications"."notifications" ALTER COLUMN "source" TYPE varchar(60)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "notifications"."notifications" ALTER COLUMN "source" TYPE varchar(40)`,
    );
  }
}
