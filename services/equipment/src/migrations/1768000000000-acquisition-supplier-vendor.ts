import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A device's supplier becomes a vendor of the vendor list (`supplier_vendor_id`) rather than text
 * typed on each device, so that renaming a company renames it on every device it supplied, and
 * nothing holds a second spelling of a company nobody keeps.
 *
 * The suppliers already typed are kept: each name not yet on the list (compared as the list
 * compares names: trimmed, runs of spaces as one, in any case) is added to it as a supplier, once,
 * in the spelling its first device has in alphabetical order; then every device points at the
 * vendor of its name. Nothing typed is lost, and the names can be tidied on the list afterwards.
 *
 * An expand step: the text column stays for the release before this one, which reads and writes
 * it, and a trigger keeps the two together whichever one a write sets. This release points at a
 * vendor, and the text follows the vendor's name; the previous release types a name, and the row
 * points at the vendor of that name (added to the list as a supplier when none has it). This
 * release reads the vendor's name only (a vendor renamed since a row was written reads renamed
 * here; the previous release reads the name as last written); the next one drops the text column
 * and the trigger.
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
    // The vendor of a name the previous release types, added to the list as a supplier when none has it.
    await queryRunner.query(`
      CREATE FUNCTION "equipment"."acquisition_supplier_vendor"("typed" text) RETURNS uuid
      LANGUAGE plpgsql AS $$
      DECLARE
        "written" text := regexp_replace(btrim("typed"), '\\s+', ' ', 'g');
        "vendor_id" uuid;
      BEGIN
        IF coalesce("written", '') = '' THEN RETURN NULL; END IF;
        SELECT "id" INTO "vendor_id" FROM "equipment"."vendors" WHERE lower("name") = lower("written");
        IF "vendor_id" IS NULL THEN
          INSERT INTO "equipment"."vendors" ("name", "kinds", "updated_by_label")
          VALUES ("written", ARRAY['supplier']::text[], 'previous release')
          ON CONFLICT ((lower("name"))) DO NOTHING;
          SELECT "id" INTO "vendor_id" FROM "equipment"."vendors" WHERE lower("name") = lower("written");
        END IF;
        RETURN "vendor_id";
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION "equipment"."acquisition_supplier_sync"() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          IF NEW."supplier_vendor_id" IS NOT NULL THEN
            NEW."supplier" := (SELECT "name" FROM "equipment"."vendors" WHERE "id" = NEW."supplier_vendor_id");
          ELSE
            NEW."supplier_vendor_id" := "equipment"."acquisition_supplier_vendor"(NEW."supplier");
          END IF;
        ELSIF NEW."supplier_vendor_id" IS DISTINCT FROM OLD."supplier_vendor_id" THEN
          NEW."supplier" := (SELECT "name" FROM "equipment"."vendors" WHERE "id" = NEW."supplier_vendor_id");
        ELSIF NEW."supplier" IS DISTINCT FROM OLD."supplier" THEN
          NEW."supplier_vendor_id" := "equipment"."acquisition_supplier_vendor"(NEW."supplier");
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "device_acquisitions_supplier_sync"
        BEFORE INSERT OR UPDATE ON "equipment"."device_acquisitions"
        FOR EACH ROW EXECUTE FUNCTION "equipment"."acquisition_supplier_sync"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TRIGGER "device_acquisitions_supplier_sync" ON "equipment"."device_acquisitions"`,
    );
    await queryRunner.query(`DROP FUNCTION "equipment"."acquisition_supplier_sync"()`);
    await queryRunner.query(`DROP FUNCTION "equipment"."acquisition_supplier_vendor"(text)`);
    // The text already holds each vendor's name as last written; the current name is the truer one.
    await queryRunner.query(`
      UPDATE "equipment"."device_acquisitions" AS a SET "supplier" = v."name"
        FROM "equipment"."vendors" AS v WHERE v."id" = a."supplier_vendor_id"`);
    await queryRunner.query(`ALTER TABLE "equipment"."device_acquisitions" DROP COLUMN "supplier_vendor_id"`);
  }
}
