import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each device cost and how long it is meant to serve (`device_acquisitions`, one row per
 * device that has any recorded). Kept beside the inventory record rather than in it: these are
 * costs, for Engineers, Managers and Admins, while the record goes to everyone signed in (lists,
 * live updates, the QR page). Amounts are in the hospital currency (kept by maintenance).
 */
export class DeviceAcquisitions1767400000000 implements MigrationInterface {
  name = 'DeviceAcquisitions1767400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "equipment"."device_acquisitions" (
        "equipment_id" uuid PRIMARY KEY REFERENCES "equipment"."equipment" ("id") ON DELETE CASCADE,
        "acquisition_cost" numeric(12, 2) CHECK ("acquisition_cost" >= 0),
        "purchase_date" date,
        "supplier" varchar(120),
        "expected_life_years" smallint CHECK ("expected_life_years" BETWEEN 1 AND 50),
        "version" integer NOT NULL DEFAULT 1,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by_label" varchar(64) NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "equipment"."device_acquisitions"`);
  }
}
