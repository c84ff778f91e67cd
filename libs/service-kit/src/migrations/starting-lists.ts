/**
 * The hospital lists as a new installation starts them, for the migrations that create the lists
 * (equipment, which owns them) and the copies other services keep (identity's departments).
 *
 * FROZEN: migrations that already ran read these values, so changing them would make the same
 * migration mean two things. A hospital changes its lists on screen; a later starting value needs a
 * new migration with its own copy. `starting-lists.spec.ts` pins the content.
 *
 * Each entry's id is derived from its kind and name (`md5('<kind>:<name>')` read as a UUID, the
 * same in SQL and here), so every service's migration gives a starting entry the same id without
 * asking the others.
 */
export const STARTING_DEPARTMENTS: readonly string[] = [
  // The staff roster's units and wards, in the roster's order.
  'TSEU',
  'MEU',
  'PEU',
  'Department of Anatomical Pathology',
  'IT Office',
  'Anaesthesia Clinic',
  'Haematology Daycare Clinic',
  'CTU',
  'ICU',
  'NICU',
  'Dialysis',
  'Main Theatre',
  'Maternity Theatre',
  'CSSD',
  'Allied Surgery',
  'Neuro Surgery',
  'Blood Bank',
  'OPD',
  'MOPD',
  'SOPD',
  'POPD',
  'FOPD',
  'Dental',
  'Public Health',
  'Polyclinic',
  'Military Polyclinic',
  'ENT',
  'Ophthalmology',
  'Pathology Department (Lab)',
  'Radiology Department',
  'Physiotherapy',
  'Maternity',
  'Labour',
  'MSED',
  'Dietetics Department',
  'Pharmacy Division',
  'Birth and Death',
  'Laundry',
  'Oxygen Plant',
  // The biomedical department itself, shown as the product name.
  '{product}',
];

/**
 * Older spellings of the same places (the first report filter's names, and the old list's
 * 'Opthamology'), kept as former names so rows and files that use them still find the place.
 */
export const STARTING_DEPARTMENT_FORMER_NAMES: Readonly<Record<string, readonly string[]>> = {
  'Main Theatre': ['Theatre'],
  'Radiology Department': ['Radiology'],
  'Pathology Department (Lab)': ['Laboratory', 'Lab'],
  Ophthalmology: ['Eye', 'Opthamology'],
};

/** The equipment categories, and 'Other' for a device that fits none of them. */
export const STARTING_CATEGORIES: readonly string[] = [
  'Ventilator',
  'Defibrillator',
  'Monitor',
  'Infusion Pump',
  'Suction',
  'Autoclave',
  'X-Ray',
  'Ultrasound',
  'Other',
];

/** SQL for the id of a starting entry: `startingEntryIdSql('$1', '$2')`. */
export function startingEntryIdSql(kind: string, name: string): string {
  return `md5(${kind} || ':' || ${name})::uuid`;
}
