import { z } from 'zod';

/**
 * The hospital's departments: one list, one canonical name per place, used by the equipment
 * inventory, the staff roster and the report filters alike, so a report for a department finds
 * every device and every person placed there.
 *
 * The names are the staff roster's (the units and wards a biomedical department serves).
 * 'Ophthalmology' is spelt correctly here; rows and files that use the older 'Opthamology' or
 * 'Eye' are read as it (see `DEPARTMENT_ALIASES`). `{product}` stands for the biomedical
 * department itself and is shown as the configured product name.
 */
export const PRODUCT_DEPARTMENT_PLACEHOLDER = '{product}';

export const DEPARTMENTS = [
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
  PRODUCT_DEPARTMENT_PLACEHOLDER,
] as const;
export type Department = (typeof DEPARTMENTS)[number];

/**
 * Other spellings of the same places, as older rows, imported files and the first report filter
 * wrote them. Each maps to its canonical name; the migrations rewrite stored rows with it.
 */
export const DEPARTMENT_ALIASES: Readonly<Record<string, Department>> = {
  Theatre: 'Main Theatre',
  Radiology: 'Radiology Department',
  Laboratory: 'Pathology Department (Lab)',
  Lab: 'Pathology Department (Lab)',
  Eye: 'Ophthalmology',
  Opthamology: 'Ophthalmology',
};

/**
 * The departments a report covers when nobody narrows it: the clinical areas that hold most
 * devices. A selection of `DEPARTMENTS`, not a list of its own.
 */
export const DEFAULT_REPORT_DEPARTMENTS = [
  'ICU',
  'Main Theatre',
  'Radiology Department',
  'Physiotherapy',
  'Pathology Department (Lab)',
  'OPD',
  'Maternity',
  'ENT',
  'Dental',
  'Ophthalmology',
] as const satisfies readonly Department[];

/** Default department on new-user forms. */
export const DEFAULT_USER_DEPARTMENT: Department = 'TSEU';

const BY_LOWER_CASE = new Map<string, Department>([
  ...DEPARTMENTS.map((name) => [name.toLowerCase(), name] as const),
  ...Object.entries(DEPARTMENT_ALIASES).map(([alias, name]) => [alias.toLowerCase(), name] as const),
]);

/** The canonical name of a department written any way we know (case, spaces, old spelling). */
export function canonicalDepartment(value: string): Department | undefined {
  return BY_LOWER_CASE.get(value.trim().replace(/\s+/g, ' ').toLowerCase());
}

/** A department from the one list; other spellings of a known place are accepted and corrected. */
export const departmentSchema = z
  .string({ error: 'Department is required.' })
  .trim()
  .min(1, { error: 'Department is required.' })
  .transform((value, context) => {
    const department = canonicalDepartment(value);
    if (department) return department;
    context.addIssue({
      code: 'custom',
      message: `Department "${value.slice(0, 60)}" is not one of the hospital's departments.`,
    });
    return z.NEVER;
  });

/** Replaces the `{product}` placeholder with the configured product name. */
export function departmentLabel(department: string, productName: string): string {
  return department === PRODUCT_DEPARTMENT_PLACEHOLDER ? productName : department;
}
