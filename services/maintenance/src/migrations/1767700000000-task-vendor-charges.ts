import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What outside companies charged for a task's work (`task_vendor_charges`), in the order the task
 * lists them, with the vendor's name as it was when recorded (the vendor itself lives in
 * equipment). The list has its own version (`tasks.vendor_charges_version`): an invoice recorded
 * while someone records the work refuses neither of them. Amounts are exact numerics to the cent,
 * in the hospital currency.
 */
export class TaskVendorCharges1767700000000 implements MigrationInterface {
  name = 'TaskVendorCharges1767700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "maintenance"."tasks" ADD COLUMN "vendor_charges_version" integer NOT NULL DEFAULT 0`,
    );
    await queryRunner.query(`
      CREATE TABLE "maintenance"."task_vendor_charges" (
        "id" bigserial PRIMARY KEY,
        "task_id" uuid NOT NULL REFERENCES "maintenance"."tasks" ("id") ON DELETE CASCADE,
        "position" integer NOT NULL,
        "vendor_id" uuid NOT NULL,
        "vendor_name" varchar(120) NOT NULL,
        "visit_date" date NOT NULL,
        "invoice_number" varchar(60),
        "amount" numeric(12, 2) NOT NULL CHECK ("amount" >= 0),
        "notes" varchar(500),
        UNIQUE ("task_id", "position")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "maintenance"."task_vendor_charges"`);
    await queryRunner.query(`ALTER TABLE "maintenance"."tasks" DROP COLUMN "vendor_charges_version"`);
  }
}
