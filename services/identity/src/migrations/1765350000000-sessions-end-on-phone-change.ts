import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A new phone number ends the person's sessions, as a new role does: the phone is the sign-in
 * factor (the one-time codes go to it), so a session opened with the old one must not outlive it
 * (a lost or handed-on phone is the usual reason for the change). A trigger of its own on
 * `identity.users`, beside `users_end_sessions` (whose column list a PostgreSQL 13 trigger cannot
 * change in place), ends them in the same transaction whatever made the change (the staff screens,
 * a roster import, the command line, SQL) and announces them like the others ('phone-changed').
 * A change to the same number (the same E.164 spelling: the service stores no other) ends nothing.
 *
 * The previous release, while it still runs, reads such a session as ended (its identity checks
 * `ended_at`); it does not know the reason's sentence, so its sign-in page may word it poorly
 * until the new release is in.
 */
export class SessionsEndOnPhoneChange1765350000000 implements MigrationInterface {
  name = 'SessionsEndOnPhoneChange1765350000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The allowed reasons, one more: loosened in one step (the old list is a subset).
    await queryRunner.query(`ALTER TABLE "identity"."sessions" DROP CONSTRAINT "sessions_end_reason_check"`);
    await queryRunner.query(`
      ALTER TABLE "identity"."sessions" ADD CONSTRAINT "sessions_end_reason_check" CHECK (
        "end_reason" IN ('signed-out', 'idle', 'expired', 'deactivated', 'deleted', 'role-changed', 'phone-changed')
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "identity"."end_sessions_on_phone_change"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        ended uuid[];
      BEGIN
        IF OLD."phone_number" IS NOT DISTINCT FROM NEW."phone_number" THEN
          RETURN NEW;
        END IF;
        WITH closed AS (
          UPDATE "identity"."sessions" SET "ended_at" = now(), "end_reason" = 'phone-changed'
           WHERE "user_id" = OLD."id" AND "ended_at" IS NULL
          RETURNING "id"
        )
        SELECT array_agg("id") INTO ended FROM closed;
        IF ended IS NOT NULL THEN
          PERFORM pg_notify('identity_sessions_ended',
            json_build_object('userId', OLD."id", 'reason', 'phone-changed')::text);
        END IF;
        RETURN NEW;
      END $$`);
    // Fires after users_end_sessions (triggers run in name order): a change that also deactivates
    // the account or changes the role has already ended the sessions, with that reason.
    await queryRunner.query(`
      CREATE TRIGGER "users_end_sessions_on_phone_change"
        BEFORE UPDATE OF "phone_number" ON "identity"."users"
        FOR EACH ROW EXECUTE FUNCTION "identity"."end_sessions_on_phone_change"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The wider list of reasons stays: sessions already ended for this reason keep it.
    await queryRunner.query(`DROP TRIGGER "users_end_sessions_on_phone_change" ON "identity"."users"`);
    await queryRunner.query(`DROP FUNCTION "identity"."end_sessions_on_phone_change"()`);
  }
}
