import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Server-side sessions. A session token names one of these rows; the row, not the token, says
 * whether the session still holds. An account that is deactivated, deleted or given another role
 * has its open sessions ended by a trigger in the same transaction, whatever made the change (the
 * service, the command line, an administrator's SQL), and the ids are announced with
 * `pg_notify('identity_sessions_ended', …)` once that transaction commits; identity relays the
 * notice on NATS to every gateway.
 */
export class Sessions1764500000000 implements MigrationInterface {
  name = 'Sessions1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "identity"."sessions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_seen_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "ended_at" timestamptz,
        "end_reason" varchar(20),
        "client_address" varchar(64) NOT NULL,
        CONSTRAINT "sessions_end_reason_check" CHECK (
          "end_reason" IN ('signed-out', 'idle', 'expired', 'deactivated', 'deleted', 'role-changed')
        ),
        CONSTRAINT "sessions_ended_with_reason" CHECK (("ended_at" IS NULL) = ("end_reason" IS NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX "sessions_open_user_idx" ON "identity"."sessions" ("user_id") WHERE "ended_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "sessions_open_seen_idx" ON "identity"."sessions" ("last_seen_at") WHERE "ended_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "identity"."end_sessions_on_account_change"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        reason text;
        ended uuid[];
      BEGIN
        IF TG_OP = 'DELETE' THEN
          reason := 'deleted';
        ELSIF OLD."is_active" AND NOT NEW."is_active" THEN
          reason := 'deactivated';
        ELSIF OLD."role" IS DISTINCT FROM NEW."role" THEN
          reason := 'role-changed';
        ELSE
          RETURN NEW;
        END IF;
        WITH closed AS (
          UPDATE "identity"."sessions" SET "ended_at" = now(), "end_reason" = reason
           WHERE "user_id" = OLD."id" AND "ended_at" IS NULL
          RETURNING "id"
        )
        SELECT array_agg("id") INTO ended FROM closed;
        IF ended IS NOT NULL THEN
          PERFORM pg_notify('identity_sessions_ended',
            json_build_object('userId', OLD."id", 'reason', reason)::text);
        END IF;
        IF TG_OP = 'DELETE' THEN
          RETURN OLD;
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "users_end_sessions"
        BEFORE DELETE OR UPDATE OF "is_active", "role" ON "identity"."users"
        FOR EACH ROW EXECUTE FUNCTION "identity"."end_sessions_on_account_change"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "users_end_sessions" ON "identity"."users"`);
    await queryRunner.query(`DROP FUNCTION "identity"."end_sessions_on_account_change"()`);
    await queryRunner.query(`DROP TABLE "identity"."sessions"`);
  }
}
