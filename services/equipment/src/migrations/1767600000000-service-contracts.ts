import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service contracts (`service_contracts`): a vendor's contract number, kind, term, annual cost,
 * response time and whether it includes the planned maintenance, with what it covers: the devices
 * it names (`service_contract_devices`), the models it names (`models`, matched without case
 * against each device's manufacturer and model) and a department (by its list entry, so a renamed
 * department stays covered). A contract number is one vendor's once, whatever its case.
 */
export class ServiceContracts1767600000000 implements MigrationInterface {
  name = 'ServiceContracts1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "equipment"."service_contracts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "vendor_id" uuid NOT NULL REFERENCES "equipment"."vendors" ("id"),
        "reference" varchar(60) NOT NULL,
        "kind" varchar(24) NOT NULL
          CHECK ("kind" IN ('full-service', 'pm-only', 'parts', 'time-and-materials')),
        "starts_on" date NOT NULL,
        "ends_on" date NOT NULL CHECK ("ends_on" >= "starts_on"),
        "annual_cost" numeric(12, 2) NOT NULL CHECK ("annual_cost" >= 0),
        "response_hours" smallint CHECK ("response_hours" BETWEEN 1 AND 720),
        "pm_included" boolean NOT NULL,
        "department_id" uuid REFERENCES "equipment"."list_entries" ("id"),
        "models" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "notes" varchar(1000),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by_label" varchar(64) NOT NULL,
        "version" integer NOT NULL DEFAULT 1
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "service_contracts_reference_key"
         ON "equipment"."service_contracts" ("vendor_id", lower("reference"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "service_contracts_ends_on_idx" ON "equipment"."service_contracts" ("ends_on")`,
    );
    await queryRunner.query(`
      CREATE TABLE "equipment"."service_contract_devices" (
        "contract_id" uuid NOT NULL REFERENCES "equipment"."service_contracts" ("id") ON DELETE CASCADE,
        "equipment_id" uuid NOT NULL REFERENCES "equipment"."equipment" ("id"),
        PRIMARY KEY ("contract_id", "equipment_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "service_contract_devices_equipment_idx"
         ON "equipment"."service_contract_devices" ("equipment_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "equipment"."service_contract_devices"`);
    await queryRunner.query(`DROP TABLE "equipment"."service_contracts"`);
  }
}
