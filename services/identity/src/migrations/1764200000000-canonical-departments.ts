import { renameValuesMigration } from '@caliber/service-kit';

/**
 * The hospital now has one department list shared by staff, equipment and reports, with one
 * canonical name per place. This rewrites the roster's older spellings to it, with an audit row
 * per person. The mapping is written out here, not imported, so the migration means the same
 * thing forever.
 */
export const CanonicalDepartments1764200000000 = renameValuesMigration('CanonicalDepartments1764200000000', {
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
});
