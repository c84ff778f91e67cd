import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What work costs the hospital (schema `maintenance`).
 *
 * - `cost_settings`: one row, the hospital currency (an ISO 4217 code, null until an Admin sets it).
 * - `labour_rates`: each role's loaded hourly rate from a date (the hospital's) until the role's
 *   next one. A role has at most one rate starting on a day. Rows are never changed: a rate is
 *   added, and withdrawn (deleted) only before its first day; both are in the audit trail.
 */
export class LabourRates1767300000000 implements MigrationInterface {
  name = 'LabourRates1767300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "maintenance"."cost_settings" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "currency" char(3),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`INSERT INTO "maintenance"."cost_settings" ("id", "currency") VALUES (1, NULL)`);
    await queryRunner.query(`
      CREATE TABLE "maintenance"."labour_rates" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "role" varchar(20) NOT NULL,
        "hourly_rate" numeric(10, 2) NOT NULL CHECK ("hourly_rate" > 0),
        "starts_on" date NOT NULL,
        "added_by_label" varchar(64) NOT NULL,
        "added_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "labour_rate_one_a_day" UNIQUE ("role", "starts_on")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "maintenance"."labour_rates"`);
    await queryRunner.query(`DROP TABLE "maintenance"."cost_settings"`);
  }
}
