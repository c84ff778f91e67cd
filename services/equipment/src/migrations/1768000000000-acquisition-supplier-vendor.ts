import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A device's supplier becomes a vendor of the vendor list (`supplier_vendor_id`) rather than text
 * typed on each device, so that renaming a company renames it on every device it supplied, and
 * nothing holds a second spelling of a company nobody keeps.
 *
 * The suppliers already typed are kept: each name not yet on the list (compared as the list
 * compares names: trimmed, runs of spaces as one, in any case) is added to it as a supplier, once, in the spelling its
 * first device has in alphabetical order; then every device points at the vendor of its name.
 * Nothing typed is lost, and the names can be tidied on the vendor list afterwards.
 */
export class AcquisitionSupplierVendor1768000000000 implements MigrationInterface {
  name = 'AcquisitionSupplierVendor1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "equipment"."device_acquisitions"
         ADD COLUMN "supplier_vendor_id" uuid REFERENCES "equipment"."vendors" ("id")`,
    );
    await queryRunner.query(`
      WITH typed AS (
        SELECT regexp_replace(btrim(a."supplier"), '\\s+', ' ', 'g') AS "name"
          FROM "equipment"."device_acquisitions" AS a WHERE btrim(coalesce(a."supplier", '')) <> '')
      INSERT INTO "equipment"."vendors" ("name", "kinds", "updated_by_label")
      SELECT DISTINCT ON (lower(t."name")) t."name", ARRAY['supplier']::text[], 'migration'
        FROM typed AS t
       WHERE NOT EXISTS (SELECT 1 FROM "equipment"."vendors" AS v WHERE lower(v."name") = lower(t."name"))
       ORDER BY lower(t."name"), t."name"`);
    await queryRunner.query(`
      UPDATE "equipment"."device_acquisitions" AS a SET "supplier_vendor_id" = v."id"
        FROM "equipment"."vendors" AS v
       WHERE lower(v."name") = lower(regexp_replace(btrim(a."supplier"), '\\s+', ' ', 'g'))`);
    await queryRunner.query(`ALTER TABLE "equipment"."device_acquisitions" DROP COLUMN "supplier"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "equipment"."device_acquisitions" ADD COLUMN "supplier" varchar(120)`,
    );
    await queryRunner.query(`
      UPDATE "equipment"."device_acquisitions" AS a SET "supplier" = v."name"
        FROM "equipment"."vendors" AS v WHERE v."id" = a."supplier_vendor_id"`);
    await queryRunner.query(`ALTER TABLE "equipment"."device_acquisitions" DROP COLUMN "supplier_vendor_id"`);
  }
}
