import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A staged import's row keeps the version of its device's acquisition figures as the preview read
 * them (null when the file has no acquisition column, and for rows previewed before this), so that
 * Apply refuses a row whose figures someone changed since, as it refuses one whose device changed.
 */
export class ImportRowsAcquisitionVersion1767450000000 implements MigrationInterface {
  name = 'ImportRowsAcquisitionVersion1767450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "equipment"."import_rows" ADD COLUMN IF NOT EXISTS "acquisition_version" integer`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "equipment"."import_rows" DROP COLUMN IF EXISTS "acquisition_version"`,
    );
  }
}
