import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An e-mail address receives hospital data (reports), so it counts only once its owner proved it
 * is theirs (docs/using/email-addresses.md):
 * - `users.email_confirmed_at`: when the person confirmed the address in force. Null for every
 *   address kept from before this release, and for one set by anyone else;
 * - `users.pending_email`: an address the person asked for and has not confirmed; `email` stays
 *   in force until they do;
 * - `email_changes`: one row per confirmation mail sent, its link's token kept only as a SHA-256
 *   hash, with what became of it (`sending` until the mail has left, `pending`, `confirmed`,
 *   `cancelled`, or `replaced` by a newer change). At most one is pending per person. The rows
 *   also count the mails a person had sent, for the limit that keeps this from flooding an address.
 *
 * A trigger of `identity.users` holds the rule whatever changes the address (the Users screen, a
 * roster import, the command line, SQL, and the previous release's own Settings save): a new
 * address is not confirmed, and the person's pending change ends, unless the same statement
 * confirms it. The same address in another case is the same mailbox and keeps its confirmation.
 * A deactivation ends a pending change too (cancelled), as it ends waiting sign-in codes: a link
 * mailed before it must not work again if the account is reactivated within the link's day.
 */
export class ConfirmedEmailAddresses1766100000001 implements MigrationInterface {
  name = 'ConfirmedEmailAddresses1766100000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "identity"."users" ADD COLUMN "email_confirmed_at" timestamptz, ADD COLUMN "pending_email" varchar(254)`,
    );
    await queryRunner.query(`
      CREATE TABLE "identity"."email_changes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "identity"."users" ("id") ON DELETE CASCADE,
        "address" varchar(254) NOT NULL,
        "token_hash" char(64) NOT NULL,
        "state" varchar(10) NOT NULL DEFAULT 'sending',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "ended_at" timestamptz,
        CONSTRAINT "email_changes_token_hash_key" UNIQUE ("token_hash"),
        CONSTRAINT "email_changes_state_check" CHECK (
          "state" IN ('sending', 'pending', 'confirmed', 'cancelled', 'replaced')
        )
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "email_changes_one_pending" ON "identity"."email_changes" ("user_id") WHERE "state" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "email_changes_user_created_idx" ON "identity"."email_changes" ("user_id", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "identity"."email_confirmation_follows_address"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD."is_active" AND NOT NEW."is_active" THEN
          NEW."pending_email" := NULL;
          UPDATE "identity"."email_changes" SET "state" = 'cancelled', "ended_at" = now()
           WHERE "user_id" = OLD."id" AND "state" IN ('pending', 'sending');
        END IF;
        IF lower(OLD."email") IS NOT DISTINCT FROM lower(NEW."email") THEN
          RETURN NEW;
        END IF;
        -- Confirming: the statement sets the address and a new confirmation together.
        IF NEW."email_confirmed_at" IS NOT NULL
           AND NEW."email_confirmed_at" IS DISTINCT FROM OLD."email_confirmed_at" THEN
          RETURN NEW;
        END IF;
        NEW."email_confirmed_at" := NULL;
        NEW."pending_email" := NULL;
        UPDATE "identity"."email_changes" SET "state" = 'replaced', "ended_at" = now()
         WHERE "user_id" = OLD."id" AND "state" = 'pending';
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "users_email_confirmation"
        BEFORE UPDATE OF "email", "is_active" ON "identity"."users"
        FOR EACH ROW EXECUTE FUNCTION "identity"."email_confirmation_follows_address"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "users_email_confirmation" ON "identity"."users"`);
    await queryRunner.query(`DROP FUNCTION "identity"."email_confirmation_follows_address"()`);
    await queryRunner.query(`DROP TABLE "identity"."email_changes"`);
    await queryRunner.query(
      `ALTER TABLE "identity"."users" DROP COLUMN "pending_email", DROP COLUMN "email_confirmed_at"`,
    );
  }
}
