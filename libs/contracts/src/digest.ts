import { z } from 'zod';
import type { DashboardEquipment, DashboardTasks } from './dashboard';
import { ID_PATTERN } from './ids';
import { ROLES } from './roles';

/**
 * The weekly digest's questions to the services that own its data (service-only subjects, asked
 * by the notifying service). Every list is bounded: the first `limit` rows and the total, so an
 * answer stays small whatever a person's workload or a department's inventory.
 */

/** How many rows of each list a digest shows; the rest are counted ("and N more"). */
export const DIGEST_LIST_LIMIT = 10;

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be YYYY-MM-DD' });

/** One row of a digest's list: what it is, a short line about it, and its record's id. */
export interface DigestRow {
  id: string;
  title: string;
  /** The device and its serial number, a due date, a status: a short line. */
  detail: string;
}

export interface DigestList {
  rows: DigestRow[];
  /** How many there are in all (the rows are the first of them). */
  total: number;
}

/** `maintenance.digest.tasks`: a person's open and overdue tasks and the PM due in a week. */
export const digestTasksRequestSchema = z.strictObject({
  userId: z.string().regex(ID_PATTERN),
  /** The person's role: the dashboard's task figures are computed as their dashboard shows them. */
  role: z.enum(ROLES),
  /** The week's first and last day (hospital calendar), for the PM due in it. */
  from: calendarDate,
  to: calendarDate,
  /** Whether to add the dashboard's task figures (Engineers, Managers and Admins). */
  figures: z.boolean().default(false),
  limit: z.number().int().min(1).max(20).default(DIGEST_LIST_LIMIT),
});
export type DigestTasksRequest = z.input<typeof digestTasksRequestSchema>;
export type DigestTasksQuery = z.output<typeof digestTasksRequestSchema>;

export interface DigestTasksAnswer {
  /** Assigned to the person, neither completed nor cancelled, not overdue; soonest due first. */
  open: DigestList;
  /** Assigned to the person, open, due before the hospital's today; longest overdue first. */
  overdue: DigestList;
  /** Preventive maintenance assigned to the person, open, due within `from`…`to`. */
  pmDue: DigestList;
  /** The dashboard's task figures as the person's own dashboard computes them, when asked. */
  figures: DashboardTasks | null;
}

/** `equipment.digest.department`: a department's devices out of service and open recall actions. */
export const digestDepartmentRequestSchema = z.strictObject({
  department: z.string().trim().min(1).max(120),
  /** Whether to add the dashboard's equipment figures (Engineers, Managers and Admins). */
  figures: z.boolean().default(false),
  limit: z.number().int().min(1).max(20).default(DIGEST_LIST_LIMIT),
});
export type DigestDepartmentRequest = z.input<typeof digestDepartmentRequestSchema>;
export type DigestDepartmentQuery = z.output<typeof digestDepartmentRequestSchema>;

export interface DigestDepartmentAnswer {
  /** Live devices of the department that are Unserviceable or Under Maintenance. */
  outOfService: DigestList;
  /** Open recall actions on devices of the department (the row's id is the recall's). */
  recallActions: DigestList;
  /** The dashboard's equipment figures, when asked. */
  figures: DashboardEquipment | null;
}

/** `maintenance.pm.became-overdue`: PM occurrences that became overdue on a date, a page at a time. */
export const pmBecameOverdueRequestSchema = z.strictObject({
  /** The hospital's date they became overdue on: their due date is the day before. */
  date: calendarDate,
  /** The last id of the previous page (ids ascending), for the next. */
  after: z.string().regex(ID_PATTERN).optional(),
  limit: z.number().int().min(1).max(500).default(200),
});
export type PmBecameOverdueRequest = z.input<typeof pmBecameOverdueRequestSchema>;
export type PmBecameOverdueQuery = z.output<typeof pmBecameOverdueRequestSchema>;

/** A PM occurrence, open and assigned, whose due date has just passed. */
export interface OverduePm {
  id: string;
  title: string;
  assigneeId: string;
  dueDate: string;
  deviceName: string;
  serialNumber: string;
  department: string;
}

export interface PmBecameOverduePage {
  tasks: OverduePm[];
  /** Ask again with `after` set to this for more; null when there are no more. */
  next: string | null;
}
