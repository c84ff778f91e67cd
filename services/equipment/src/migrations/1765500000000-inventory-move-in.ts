import type { MigrationInterface, QueryRunner } from 'typeorm';

const EQUIPMENT = '"equipment"."equipment"';
const SEARCH_TEXT = (withUdi: boolean) =>
  withUdi
    ? `lower("name" || ' ' || "serial_number" || ' ' || "model" || ' ' || "manufacturer" || ' ' || "location"
             || ' ' || coalesce("gtin", '') || ' ' || coalesce("udi", ''))`
    : `lower("name" || ' ' || "serial_number" || ' ' || "model" || ' ' || "manufacturer" || ' ' || "location")`;

/**
 * Moving a hospital's inventory in:
 * - A device may carry its GS1 UDI (`udi`, human-readable form); the GTIN, lot and the dates it
 *   holds are stored beside it, read from it, so a search by GTIN is an index probe. The search
 *   text gains the GTIN and the UDI (the generated column is rebuilt: PostgreSQL before 17 cannot
 *   change a generated column's expression in place).
 * - `import_batches` and `import_rows` keep a staged import: the file's rows as the gateway read
 *   them (cells as text), and after the preview each row's outcome. A batch belongs to the person
 *   who staged it and is deleted a day after (with its rows); the audit log keeps what was applied.
 *   Each row keeps the version of the device the preview matched, so Apply can tell a device
 *   changed since the person looked.
 */
export class InventoryMoveIn1765500000000 implements MigrationInterface {
  name = 'InventoryMoveIn1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE ${EQUIPMENT}
        ADD COLUMN "udi" varchar(200),
        ADD COLUMN "gtin" varchar(14),
        ADD COLUMN "lot_number" varchar(20),
        ADD COLUMN "expiry_date" date,
        ADD COLUMN "manufacture_date" date,
        ADD CONSTRAINT "equipment_udi_parts_check" CHECK ("udi" IS NOT NULL OR ("gtin" IS NULL AND "lot_number" IS NULL
          AND "expiry_date" IS NULL AND "manufacture_date" IS NULL))`);
    await this.rebuildSearchText(queryRunner, true);
    await queryRunner.query(
      `CREATE INDEX "equipment_gtin_idx" ON ${EQUIPMENT} ("gtin", lower("serial_number"))
        WHERE "deleted_at" IS NULL AND "gtin" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "equipment"."import_batches" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL,
        "file_name" varchar(255) NOT NULL,
        "date_order_asked" varchar(4) NOT NULL CHECK ("date_order_asked" IN ('auto', 'DMY', 'MDY')),
        "date_order" varchar(3) CHECK ("date_order" IN ('DMY', 'MDY')),
        "date_order_note" text,
        "columns" jsonb NOT NULL,
        "columns_ignored" jsonb NOT NULL,
        "expected_rows" integer NOT NULL,
        "staged_rows" integer NOT NULL DEFAULT 0,
        "state" varchar(10) NOT NULL DEFAULT 'staging' CHECK ("state" IN ('staging', 'previewed', 'applied')),
        "summary" jsonb,
        "applied" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "applied_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "import_batches_owner_idx" ON "equipment"."import_batches" ("owner_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "import_batches_expiry_idx" ON "equipment"."import_batches" ("expires_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "equipment"."import_rows" (
        "import_id" uuid NOT NULL REFERENCES "equipment"."import_batches" ("id") ON DELETE CASCADE,
        "line" integer NOT NULL,
        "cells" jsonb NOT NULL,
        "action" varchar(10) CHECK ("action" IN ('add', 'update', 'unchanged', 'refused')),
        "serial_number" varchar(300),
        "name" varchar(300),
        "equipment_id" uuid,
        "equipment_version" integer,
        "changes" jsonb,
        "problems" jsonb,
        PRIMARY KEY ("import_id", "line")
      )`);
    await queryRunner.query(
      `CREATE INDEX "import_rows_action_idx" ON "equipment"."import_rows" ("import_id", "action", "line")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "equipment"."import_rows"`);
    await queryRunner.query(`DROP TABLE "equipment"."import_batches"`);
    await queryRunner.query(`DROP INDEX "equipment"."equipment_gtin_idx"`);
    await this.rebuildSearchText(queryRunner, false);
    await queryRunner.query(`
      ALTER TABLE ${EQUIPMENT}
        DROP CONSTRAINT "equipment_udi_parts_check",
        DROP COLUMN "udi", DROP COLUMN "gtin", DROP COLUMN "lot_number",
        DROP COLUMN "expiry_date", DROP COLUMN "manufacture_date"`);
  }

  private async rebuildSearchText(queryRunner: QueryRunner, withUdi: boolean): Promise<void> {
    await queryRunner.query(`DROP INDEX "equipment"."equipment_search_idx"`);
    await queryRunner.query(`ALTER TABLE ${EQUIPMENT} DROP COLUMN "search_text"`);
    await queryRunner.query(
      `ALTER TABLE ${EQUIPMENT} ADD COLUMN "search_text" text GENERATED ALWAYS AS (${SEARCH_TEXT(withUdi)}) STORED`,
    );
    await queryRunner.query(
      `CREATE INDEX "equipment_search_idx" ON ${EQUIPMENT} USING gin ("search_text" gin_trgm_ops)
        WHERE "deleted_at" IS NULL`,
    );
  }
}
