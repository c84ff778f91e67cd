/**
 * Department choices on the user form (spec section 9). The spec names these and says the list
 * has about 53 units and wards; the remaining names were not shown, so the list holds only the
 * named ones (including the spelling 'Opthamology') plus `{product}`, which the screens replace
 * with the configured product name.
 */
export const PRODUCT_DEPARTMENT_PLACEHOLDER = '{product}';

export const USER_DEPARTMENTS = [
  'TSEU',
  'MEU',
  'PEU',
  'Department of Anatomical Pathology',
  'IT Office',
  'Anaesthesia Clinic',
  'Haematology Daycare Clinic',
  'CTU',
  'ICU',
  'Dialysis',
  'Main Theatre',
  'CSSD',
  'Allied Surgery',
  'Neuro Surgery',
  'Blood Bank',
  'MOPD',
  'SOPD',
  'POPD',
  'FOPD',
  'Dental',
  'Public Health',
  'Polyclinic',
  'ENT',
  'Opthamology',
  'Pathology Department (Lab)',
  'Radiology Department',
  'Physiotherapy',
  'MSED',
  'Dietetics Department',
  'Birth and Death',
  'Laundry',
  PRODUCT_DEPARTMENT_PLACEHOLDER,
  'Pharmacy Division',
  'Maternity Theatre',
  'NICU',
  'Labour',
  'Military Polyclinic',
  'Oxygen Plant',
] as const;
export type UserDepartment = (typeof USER_DEPARTMENTS)[number];

/** Default department on new-user forms. */
export const DEFAULT_USER_DEPARTMENT: UserDepartment = 'TSEU';

/** Replaces the `{product}` placeholder with the configured product name. */
export function departmentLabel(department: string, productName: string): string {
  return department === PRODUCT_DEPARTMENT_PLACEHOLDER ? productName : department;
}
