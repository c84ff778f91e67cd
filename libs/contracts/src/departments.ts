import { z } from 'zod';

/**
 * Departments are the hospital's own list (see `lists.ts`): the equipment service keeps it and
 * checks every department a record gets. Here are only what every side shares about one.
 *
 * `{product}` stands for the biomedical department itself and is shown as the configured product
 * name.
 */
export const PRODUCT_DEPARTMENT_PLACEHOLDER = '{product}';

/**
 * The departments a report covers when nobody narrows it: the clinical areas that hold most
 * devices. A default selection of the department list (those of them the hospital has), not a
 * list of its own.
 */
export const DEFAULT_REPORT_DEPARTMENTS: readonly string[] = [
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
];

/** Default department on new-user forms. */
export const DEFAULT_USER_DEPARTMENT = 'TSEU';

/**
 * A department as a request carries it: a name (any spelling the list knows). Whether it is one of
 * the hospital's departments, and which, the service that stores it decides against the list.
 */
export const departmentSchema = z
  .string({ error: 'Department is required.' })
  .trim()
  .min(1, { error: 'Department is required.', abort: true })
  .max(100, { error: 'Department must have at most 100 characters.' });

/** Replaces the `{product}` placeholder with the configured product name. */
export function departmentLabel(department: string, productName: string): string {
  return department === PRODUCT_DEPARTMENT_PLACEHOLDER ? productName : department;
}
