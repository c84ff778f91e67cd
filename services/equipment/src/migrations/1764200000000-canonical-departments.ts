import { renameValuesMigration } from '@caliber/service-kit';

/**
 * Equipment was placed in the report filter's ten department names, which spelled some places
 * differently from the staff roster ('Radiology' / 'Radiology Department'). The hospital now has
 * one department list; this rewrites the old names to it, with an audit row per item. The mapping
 * is written out here, not imported, so the migration means the same thing forever.
 */
export const CanonicalDepartments1764200000000 = renameValuesMigration('CanonicalDepartments1764200000000', {
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
});
