import { auditLogTableSql } from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What people are told and how it reached them (schema `notifications`).
 *
 * - `feed_positions`: how far the service has read each other service's activity feed. A page's
 *   notifications are written in the transaction that moves its position, so an event is turned
 *   into notifications once, whatever stops in between.
 * - `notifications`: one row per person and thing they are told, the bell's list. The audit row
 *   that caused it (`source`, `source_seq`) and the kind make it unique: a page read twice adds
 *   nothing. A notification not caused by an audit row names what it is about in `source` (a PM
 *   falling overdue is `pm-overdue:<task id>` with the date as `source_seq`), so the key holds once
 *   per thing there too.
 * - `deliveries`: one row per notification and channel (e-mail, SMS): the delivery record an Admin
 *   reads (sent, retried, failed or skipped, and why). Unique per notification and channel, so a
 *   message is sent to a person once per channel; a pending row is retried until it goes or its
 *   tries run out.
 */
export class CreateNotificationsSchema1767100000000 implements MigrationInterface {
  name = 'CreateNotificationsSchema1767100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "notifications"`);
    await queryRunner.query(`
      CREATE TABLE "notifications"."feed_positions" (
        "feed" varchar(60) PRIMARY KEY,
        "position" bigint NOT NULL DEFAULT 0,
        "read_at" timestamptz
      )`);
    await queryRunner.query(`
      CREATE TABLE "notifications"."notifications" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "kind" varchar(40) NOT NULL,
        "topic" varchar(20) NOT NULL,
        "title" varchar(300) NOT NULL,
        "body" varchar(1000) NOT NULL,
        "link" varchar(300) NOT NULL,
        "urgent" boolean NOT NULL DEFAULT false,
        "source" varchar(60) NOT NULL,
        "source_seq" bigint NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "read_at" timestamptz,
        CONSTRAINT "notifications_once" UNIQUE ("source", "source_seq", "user_id", "kind")
      )`);
    await queryRunner.query(
      `CREATE INDEX "notifications_of_user" ON "notifications"."notifications" ("user_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "notifications_unread" ON "notifications"."notifications" ("user_id") WHERE "read_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "notifications"."deliveries" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "notification_id" uuid NOT NULL REFERENCES "notifications"."notifications" ("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "channel" varchar(5) NOT NULL CHECK ("channel" IN ('email', 'sms')),
        "address" varchar(254) NOT NULL,
        "recipient_name" varchar(120) NOT NULL,
        "service_number" varchar(32) NOT NULL,
        "state" varchar(8) NOT NULL DEFAULT 'pending' CHECK ("state" IN ('pending', 'sent', 'failed', 'skipped')),
        "attempts" smallint NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "lease_until" timestamptz,
        "last_error" varchar(500),
        "note" varchar(300),
        "message_id" varchar(120),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz,
        CONSTRAINT "deliveries_once" UNIQUE ("notification_id", "channel")
      )`);
    await queryRunner.query(
      `CREATE INDEX "deliveries_due" ON "notifications"."deliveries" ("next_attempt_at") WHERE "state" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "deliveries_sent_to" ON "notifications"."deliveries" ("user_id", "channel", "sent_at") WHERE "state" = 'sent'`,
    );
    await queryRunner.query(
      `CREATE INDEX "deliveries_recent" ON "notifications"."deliveries" ("created_at" DESC, "id" DESC)`,
    );
    for (const statement of auditLogTableSql('notifications')) await queryRunner.query(statement);
    await queryRunner.query(`ALTER TABLE "notifications"."audit_log" ADD COLUMN "service" varchar(40)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SCHEMA "notifications" CASCADE`);
  }
}
