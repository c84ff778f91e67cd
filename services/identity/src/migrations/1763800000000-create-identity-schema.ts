import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users (the staff roster), sign-in challenges and the audit log of schema `identity`. */
export class CreateIdentitySchema1763800000000 implements MigrationInterface {
  name = 'CreateIdentitySchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "identity"`);
    await queryRunner.query(`
      CREATE TABLE "identity"."users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "service_number" varchar(32) NOT NULL,
        "name" varchar(120) NOT NULL,
        "email" varchar(254),
        "phone_number" varchar(20) NOT NULL,
        "role" varchar(20) NOT NULL,
        "department" varchar(100) NOT NULL,
        "is_active" boolean NOT NULL DEFAULT true,
        "pre_approved" boolean NOT NULL DEFAULT false,
        "avatar" text,
        "notifications" jsonb NOT NULL,
        "report_defaults" jsonb NOT NULL,
        "last_login_at" timestamptz,
        "registered_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "version" integer NOT NULL DEFAULT 1,
        CONSTRAINT "users_service_number_key" UNIQUE ("service_number"),
        CONSTRAINT "users_service_number_upper" CHECK ("service_number" = upper("service_number")),
        CONSTRAINT "users_role_check" CHECK ("role" IN ('Technician', 'Engineer', 'Manager', 'Admin'))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "users_email_key" ON "identity"."users" (lower("email")) WHERE "email" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "users_role_idx" ON "identity"."users" ("role")`);
    await queryRunner.query(`
      CREATE TABLE "identity"."otp_challenges" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "code_hash" char(64) NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "attempts" smallint NOT NULL DEFAULT 0,
        "consumed_at" timestamptz,
        "requested_from" varchar(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "otp_challenges_user_created_idx" ON "identity"."otp_challenges" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "identity"."audit_log" (
        "id" bigserial PRIMARY KEY,
        "actor_id" uuid,
        "actor_label" varchar(64) NOT NULL,
        "entity" varchar(40) NOT NULL,
        "entity_id" varchar(64) NOT NULL,
        "action" varchar(40) NOT NULL,
        "changes" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "audit_log_entity_idx" ON "identity"."audit_log" ("entity", "entity_id", "at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "identity"."audit_log"`);
    await queryRunner.query(`DROP TABLE "identity"."otp_challenges"`);
    await queryRunner.query(`DROP TABLE "identity"."users"`);
  }
}
