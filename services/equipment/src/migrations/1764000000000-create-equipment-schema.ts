import { auditLogTableSql } from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inventory, its status history and its audit log (schema `equipment`).
 *
 * - Serial numbers are unique without regard to case among items not deleted.
 * - A deleted item keeps its row (`deleted_at`), so its history and audit stay whole for reports.
 * - Partial indexes serve the list: sort by name, filter by department, status and category, the
 *   filter options (read by loose index scans), and search through a trigram index over the
 *   searchable text.
 */
export class CreateEquipmentSchema1764000000000 implements MigrationInterface {
  name = 'CreateEquipmentSchema1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "equipment"`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE "equipment"."equipment" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" varchar(120) NOT NULL,
        "manufacturer" varchar(120) NOT NULL,
        "model" varchar(120) NOT NULL,
        "serial_number" varchar(64) NOT NULL,
        "department" varchar(100) NOT NULL,
        "location" varchar(120) NOT NULL,
        "installation_date" date NOT NULL,
        "warranty_expiry" date,
        "status" varchar(20) NOT NULL,
        "category" varchar(40) NOT NULL,
        "search_text" text GENERATED ALWAYS AS (
          lower("name" || ' ' || "serial_number" || ' ' || "model" || ' ' || "manufacturer" || ' ' || "location")
        ) STORED,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "created_by_id" uuid,
        "created_by_name" varchar(120),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by_id" uuid,
        "updated_by_name" varchar(120),
        "deleted_at" timestamptz,
        "deleted_by_id" uuid,
        "version" integer NOT NULL DEFAULT 1,
        CONSTRAINT "equipment_status_check" CHECK ("status" IN
          ('Serviceable', 'Under Maintenance', 'Unserviceable', 'Decommissioned', 'Auctioned')),
        CONSTRAINT "equipment_warranty_check" CHECK ("warranty_expiry" IS NULL OR "warranty_expiry" >= "installation_date")
      )`);
    const live = `WHERE "deleted_at" IS NULL`;
    await queryRunner.query(
      `CREATE UNIQUE INDEX "equipment_serial_number_key" ON "equipment"."equipment" (lower("serial_number")) ${live}`,
    );
    await queryRunner.query(
      `CREATE INDEX "equipment_name_idx" ON "equipment"."equipment" ("name", "id") ${live}`,
    );
    for (const column of ['department', 'status', 'category']) {
      await queryRunner.query(
        `CREATE INDEX "equipment_${column}_idx" ON "equipment"."equipment" ("${column}", "name", "id") ${live}`,
      );
    }
    await queryRunner.query(
      `CREATE INDEX "equipment_search_idx" ON "equipment"."equipment" USING gin ("search_text" gin_trgm_ops) ${live}`,
    );
    await queryRunner.query(`
      CREATE TABLE "equipment"."status_history" (
        "id" bigserial PRIMARY KEY,
        "equipment_id" uuid NOT NULL REFERENCES "equipment"."equipment" ("id"),
        "from_status" varchar(20),
        "to_status" varchar(20) NOT NULL,
        "changed_at" timestamptz NOT NULL DEFAULT now(),
        "changed_by_id" uuid,
        "changed_by_name" varchar(120),
        "reason" varchar(500),
        "task_id" uuid
      )`);
    await queryRunner.query(
      `CREATE INDEX "status_history_equipment_idx" ON "equipment"."status_history" ("equipment_id", "changed_at", "id")`,
    );
    for (const statement of auditLogTableSql('equipment')) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "equipment"."audit_log"`);
    await queryRunner.query(`DROP TABLE "equipment"."status_history"`);
    await queryRunner.query(`DROP TABLE "equipment"."equipment"`);
  }
}
