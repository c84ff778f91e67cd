import { MAINTENANCE_SCHEMA } from '../database';
import type { ReportSql } from '@caliber/service-kit';

export const TASKS = `"${MAINTENANCE_SCHEMA}"."tasks"`;
export const SPARE_PARTS = `"${MAINTENANCE_SCHEMA}"."spare_parts"`;
export const LABOUR_RATES = `"${MAINTENANCE_SCHEMA}"."labour_rates"`;
export const VENDOR_CHARGES = `"${MAINTENANCE_SCHEMA}"."task_vendor_charges"`;

/**
 * Whose tasks a report reads: everyone's, or one person's work (a Technician's reports cover the
 * tasks assigned to them; the faults they reported are someone else's work).
 */
export type TaskOwner = string | null;

/**
 * The tasks a report reads (alias `t`): live ones, in the scope's places as the task recorded its
 * device (where the work was done, whatever became of the device since), and the owner's only.
 */
export function taskScope(sql: ReportSql, owner: TaskOwner): string {
  const own = owner ? ` AND t."assigned_to_id" = ${sql.bind(owner)}::uuid` : '';
  return `t."deleted_at" IS NULL AND ${sql.places('t."equipment_department"', 't."equipment_category"')}${own}`;
}

/** Created in the period. */
export function createdIn(sql: ReportSql): string {
  return `(t."created_at" >= ${sql.start} AND t."created_at" < ${sql.stop})`;
}

/** Completed in the period (only a Completed task has a completion date). */
export function completedIn(sql: ReportSql): string {
  return `(t."status" = 'Completed' AND t."completed_date" >= ${sql.start} AND t."completed_date" < ${sql.stop})`;
}

/** Hours from a task's creation to its completion. */
export const HOURS_TO_COMPLETE = `(extract(epoch FROM t."completed_date" - t."created_at")::float8 / 3600)`;

/** A completion on or before the due date, on the hospital's calendar, or with no due date. */
export function onTime(sql: ReportSql): string {
  return `(t."due_date" IS NULL OR (t."completed_date" AT TIME ZONE ${sql.zone})::date <= t."due_date")`;
}

/** A part's name as written, its spaces folded (runs of white space to one, ends trimmed). */
export const PART_WRITTEN = `regexp_replace(btrim(sp."name"), '\\s+', ' ', 'g')`;
/** What makes two uses the same part: the name with spaces and case folded. */
export const PART_KEY = `lower(${PART_WRITTEN})`;

/** Money to the cent. */
export function money(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}
