import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The devices a service contract covers by model or by department, found by their folded names
 * (as `coversDevice` compares them) through an index rather than by reading the inventory: the
 * cost of service splits each contract's cost over its devices, once per page of a report.
 */
export class ContractCoverIndexes1767800000000 implements MigrationInterface {
  name = 'ContractCoverIndexes1767800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "equipment_model_folded_idx" ON "equipment"."equipment" (lower("manufacturer"), lower("model"))
         WHERE "deleted_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "equipment_department_folded_idx" ON "equipment"."equipment" (lower("department"))
         WHERE "deleted_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "equipment"."equipment_department_folded_idx"`);
    await queryRunner.query(`DROP INDEX "equipment"."equipment_model_folded_idx"`);
  }
}
