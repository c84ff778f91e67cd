import { renameStoredValues, revertRenamedValues, type RenameValues } from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Equipment was placed in the report filter's ten department names, which spelled some places
 * differently from the staff roster ('Radiology' / 'Radiology Department'). The hospital now has
 * one department list; this rewrites the old names to it, with an audit row per item. The mapping
 * is written out here, not imported, so the migration means the same thing forever.
 */
const RENAME: RenameValues = {
  schema: 'equipment',
  table: 'equipment',
  column: 'department',
  entity: 'equipment',
  renames: {
    Theatre: 'Main Theatre',
    Radiology: 'Radiology Department',
    Laboratory: 'Pathology Department (Lab)',
    Eye: 'Ophthalmology',
  },
};

export class CanonicalDepartments1764200000000 implements MigrationInterface {
  name = 'CanonicalDepartments1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await renameStoredValues(queryRunner, RENAME);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revertRenamedValues(queryRunner, RENAME);
  }
}
