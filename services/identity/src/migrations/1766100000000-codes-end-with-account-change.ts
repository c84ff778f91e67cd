import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sign-in code is good only for the account it was sent for: the phone it went to, the account
 * active, its role. A code still waiting when an administrator changes any of these (a lost phone,
 * a person leaving, a new role) ends at once, as the person's sessions do: otherwise a code read
 * off a lost phone minutes earlier, or sent before a deactivation that was then undone, still
 * opens a session. A trigger of `identity.users` ends them in the same transaction as the change,
 * whatever makes it (the Users screen, a roster import, the command line, SQL). A deletion needs
 * nothing more: the codes go with the row (`ON DELETE CASCADE`).
 *
 * An ended code keeps its row, marked `withdrawn_at` with the reason, so the answer to it says why
 * it no longer works, and its expiry is brought forward to the moment it ended: the previous
 * release, which does not read `withdrawn_at`, refuses it too while it still runs.
 */
export class CodesEndWithAccountChange1766100000000 implements MigrationInterface {
  name = 'CodesEndWithAccountChange1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "identity"."otp_challenges" ADD COLUMN "withdrawn_at" timestamptz, ADD COLUMN "withdrawn_reason" varchar(20)`,
    );
    await queryRunner.query(`
      ALTER TABLE "identity"."otp_challenges" ADD CONSTRAINT "otp_challenges_withdrawn_reason_check" CHECK (
        "withdrawn_reason" IN ('phone-changed', 'deactivated', 'role-changed')
        AND "withdrawn_at" IS NOT NULL
        OR "withdrawn_reason" IS NULL AND "withdrawn_at" IS NULL
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "identity"."end_codes_on_account_change"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        reason text;
      BEGIN
        IF OLD."phone_number" IS DISTINCT FROM NEW."phone_number" THEN
          reason := 'phone-changed';
        ELSIF OLD."is_active" AND NOT NEW."is_active" THEN
          reason := 'deactivated';
        ELSIF OLD."role" IS DISTINCT FROM NEW."role" THEN
          reason := 'role-changed';
        ELSE
          RETURN NEW;
        END IF;
        UPDATE "identity"."otp_challenges"
           SET "withdrawn_at" = now(), "withdrawn_reason" = reason, "expires_at" = least("expires_at", now())
         WHERE "user_id" = OLD."id" AND "consumed_at" IS NULL AND "withdrawn_at" IS NULL
           AND "expires_at" > now();
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "users_end_codes"
        BEFORE UPDATE OF "phone_number", "is_active", "role" ON "identity"."users"
        FOR EACH ROW EXECUTE FUNCTION "identity"."end_codes_on_account_change"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The columns stay: codes already ended keep their reason.
    await queryRunner.query(`DROP TRIGGER "users_end_codes" ON "identity"."users"`);
    await queryRunner.query(`DROP FUNCTION "identity"."end_codes_on_account_change"()`);
  }
}
