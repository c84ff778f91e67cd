import { renameStoredValues, revertRenamedValues, type RenameValues } from '@caliber/service-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hospital now has one department list shared by staff, equipment and reports, with one
 * canonical name per place. This rewrites the roster's older spellings to it, with an audit row
 * per person. The mapping is written out here, not imported, so the migration means the same
 * thing forever.
 */
const RENAME: RenameValues = {
  schema: 'identity',
  table: 'users',
  column: 'department',
  entity: 'user',
  renames: {
    Opthamology: 'Ophthalmology',
    Eye: 'Ophthalmology',
    Radiology: 'Radiology Department',
    Theatre: 'Main Theatre',
    Laboratory: 'Pathology Department (Lab)',
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
