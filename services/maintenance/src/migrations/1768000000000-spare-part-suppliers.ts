import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vendor each spare part was bought from (`spare_parts.supplier_vendor_id`), with the vendor's
 * name as it was when recorded, as on its invoice (the vendor itself lives in equipment). Both or
 * neither: a supplier is never a bare name nobody keeps on the vendor list.
 */
export class SparePartSuppliers1768000000000 implements MigrationInterface {
  name = 'SparePartSuppliers1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "maintenance"."spare_parts"
        ADD COLUMN "supplier_vendor_id" uuid,
        ADD COLUMN "supplier_name" varchar(120),
        ADD CONSTRAINT "spare_parts_supplier_named" CHECK (("supplier_vendor_id" IS NULL) = ("supplier_name" IS NULL))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "maintenance"."spare_parts"
        DROP CONSTRAINT "spare_parts_supplier_named",
        DROP COLUMN "supplier_name",
        DROP COLUMN "supplier_vendor_id"`);
  }
}
