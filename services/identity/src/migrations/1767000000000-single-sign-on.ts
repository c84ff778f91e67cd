import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on through the hospital's identity provider:
 * - `sso_flows`: one row per sign-in begun and not yet finished: its `state` (the key), the
 *   provider, the nonce and PKCE verifier the answer must match, and a hash of the value kept in
 *   the browser's cookie, so only the browser that began it can finish it. A row is taken (deleted)
 *   by the first answer that names it, so a replayed answer finds nothing; rows older than their
 *   ten minutes are swept.
 * - `sign_in_policy`: one row, the roles an Admin requires to sign in by single sign-on.
 * - `sessions.method` (`code` or `single-sign-on`) and `sessions.provider`: how the session began,
 *   for the audit trail and for sign-out at the provider; `provider_id_token` (the hint the
 *   provider's sign-out asks for) and `provider_refresh_token` (sealed with a key derived from the
 *   service's secret) let identity ask the provider again every few minutes whether the person
 *   still belongs (`provider_checked_at`), and end the session with `directory-changed` when not.
 */
export class SingleSignOn1767000000000 implements MigrationInterface {
  name = 'SingleSignOn1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."sso_flows" (
        "state" varchar(64) PRIMARY KEY,
        "provider" varchar(32) NOT NULL,
        "nonce" varchar(64) NOT NULL,
        "code_verifier" varchar(128) NOT NULL,
        "browser_binding" char(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "sso_flows_expires_idx" ON "identity"."sso_flows" ("expires_at")`);
    // One row: the roles that must sign in by single sign-on (the code is refused to them).
    await queryRunner.query(`
      CREATE TABLE "identity"."sign_in_policy" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "sso_required_roles" varchar(20)[] NOT NULL DEFAULT '{}',
        "updated_at" timestamptz,
        "updated_by" uuid
      )`);
    await queryRunner.query(`INSERT INTO "identity"."sign_in_policy" ("id") VALUES (1)`);
    await queryRunner.query(`
      ALTER TABLE "identity"."sessions"
        ADD COLUMN "method" varchar(16) NOT NULL DEFAULT 'code',
        ADD COLUMN "provider" varchar(32),
        ADD COLUMN "provider_id_token" text,
        ADD COLUMN "provider_refresh_token" text,
        ADD COLUMN "provider_checked_at" timestamptz,
        ADD CONSTRAINT "sessions_method_check" CHECK ("method" IN ('code', 'single-sign-on')),
        ADD CONSTRAINT "sessions_provider_with_method" CHECK (("method" = 'single-sign-on') = ("provider" IS NOT NULL))`);
    // The provider is asked again about the open single sign-on sessions checked longest ago.
    await queryRunner.query(`
      CREATE INDEX "sessions_provider_check_idx" ON "identity"."sessions" ("provider_checked_at")
        WHERE "ended_at" IS NULL AND "method" = 'single-sign-on'`);
    // Sessions ended by an account change (a trigger) still hold their sealed token until swept.
    await queryRunner.query(`
      CREATE INDEX "sessions_sealed_token_idx" ON "identity"."sessions" ("ended_at")
        WHERE "provider_refresh_token" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "identity"."sessions" DROP CONSTRAINT "sessions_end_reason_check"`);
    await queryRunner.query(`
      ALTER TABLE "identity"."sessions" ADD CONSTRAINT "sessions_end_reason_check" CHECK (
        "end_reason" IN ('signed-out', 'idle', 'expired', 'deactivated', 'deleted', 'role-changed',
                         'phone-changed', 'directory-changed', 'sign-in-policy')
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The wider list of reasons stays: sessions already ended for this reason keep it.
    await queryRunner.query(`DROP INDEX "identity"."sessions_sealed_token_idx"`);
    await queryRunner.query(`DROP INDEX "identity"."sessions_provider_check_idx"`);
    await queryRunner.query(`
      ALTER TABLE "identity"."sessions"
        DROP CONSTRAINT "sessions_provider_with_method",
        DROP CONSTRAINT "sessions_method_check",
        DROP COLUMN "provider_checked_at",
        DROP COLUMN "provider_refresh_token",
        DROP COLUMN "provider_id_token",
        DROP COLUMN "provider",
        DROP COLUMN "method"`);
    await queryRunner.query(`DROP TABLE "identity"."sign_in_policy"`);
    await queryRunner.query(`DROP TABLE "identity"."sso_flows"`);
  }
}
