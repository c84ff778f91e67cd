import { z } from 'zod';
import { dateTimeFormat } from './date-formats';
import { dateParam } from './dates';
import { limitParam, pageParam } from './paging';
import type { TaskEquipmentRef } from './task-api';
import type { PmInterval, TaskPriority, TaskStatus } from './tasks';
import type { RiskClass } from './risk';

/**
 * PM compliance, as an accreditation survey counts it. The occurrences of PM plans whose due date
 * falls in the period are "due"; each is exactly one of:
 * - on time: completed on or before its due date;
 * - late: completed after its due date;
 * - missed: not completed and its due date has passed (cancelled counts as missed: the work was
 *   not done);
 * - pending: not completed and not yet due, so it can still be done on time.
 * The rate is on time / (due − pending): the share done on time of what had to be done by today,
 * null when nothing had to be. An occurrence withdrawn when its plan was retired is not counted.
 */
export const complianceFiguresSchema = z.object({
  due: z.number().int(),
  onTime: z.number().int(),
  late: z.number().int(),
  missed: z.number().int(),
  pending: z.number().int(),
  rate: z.number().nullable().describe('0 to 1, or null when nothing in the period was due by today.'),
});
export type ComplianceFigures = z.output<typeof complianceFiguresSchema>;

/** One overdue occurrence: due date passed, not completed. */
export interface OverduePmItem {
  taskId: string;
  planId: string;
  title: string;
  equipment: TaskEquipmentRef;
  dueDate: string;
  daysOverdue: number;
  status: TaskStatus;
  priority: TaskPriority;
  interval: PmInterval | null;
  assignedTo: { _id: string; name: string } | null;
  highRisk: boolean;
  lifeSupport: boolean;
}

/** A device whose risk puts it in the PM program but that has no active plan. */
export interface UnplannedDevice {
  equipmentId: string;
  name: string;
  serialNumber: string;
  department: string;
  category: string;
  riskClass: RiskClass | null;
  highRisk: boolean;
  lifeSupport: boolean;
}

/**
 * `GET /api/maintenance/compliance`: the figures and how many occurrences are overdue and devices
 * without a plan. The two lists themselves are read a page at a time (`OverduePmPage`,
 * `UnplannedDevicesPage`), so this answer stays the same few hundred bytes whatever the size of
 * the PM program: the Maintenance page and the dashboard read it on every visit, and show only
 * the figures and the totals until someone opens a list.
 */
export interface PmComplianceResponse {
  from: string;
  to: string;
  /** The day "today" is taken to be, in the hospital's time zone. */
  today: string;
  department: string;
  category: string;
  overall: ComplianceFigures;
  highRisk: ComplianceFigures;
  lifeSupport: ComplianceFigures;
  /** How many occurrences are overdue now, whatever their due date (a Technician: of their own work). */
  overdue: { total: number };
  /** How many devices of the PM program, in use, have no active plan. */
  unplanned: { total: number };
  /** When the devices' risk flags were last read from the inventory (null: never). */
  riskDataAsOf: string | null;
}

const placeFields = {
  department: z.string().trim().max(120).default(''),
  category: z.string().trim().max(120).default(''),
};

/** Query of the compliance figures; the period defaults to the current month. */
export const complianceQuerySchema = z
  .object({
    from: dateParam('from', { example: '2024-03-01' }),
    to: dateParam('to', { example: '2024-03-31' }),
    ...placeFields,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'Start date cannot be after end date.',
    path: ['from'],
  });
export type ComplianceQuery = z.output<typeof complianceQuerySchema>;

/** How many rows a page of a compliance list holds: both lists grow with the PM program. */
export const COMPLIANCE_LIST_PAGE = { default: 25, max: 100 } as const;

/**
 * A page of the overdue occurrences or of the devices without a plan, of one department or
 * category or of all. Neither list depends on a period: an occurrence is overdue whatever its due
 * date, and a device lacks a plan now.
 */
export const complianceListQuerySchema = z.object({
  ...placeFields,
  page: pageParam(),
  limit: limitParam(COMPLIANCE_LIST_PAGE.default, COMPLIANCE_LIST_PAGE.max),
});
export type ComplianceListQuery = z.output<typeof complianceListQuerySchema>;

/**
 * `GET /api/maintenance/compliance/overdue`: a page of the overdue occurrences, earliest due
 * first (a Technician: their own work only), counted as of `today`.
 */
export interface OverduePmPage {
  items: OverduePmItem[];
  total: number;
  page: number;
  pages: number;
  limit: number;
  /** The day the days overdue are counted to, in the hospital's time zone. */
  today: string;
}

/** `GET /api/maintenance/compliance/unplanned`: a page of the devices without a plan, life support first. */
export interface UnplannedDevicesPage {
  items: UnplannedDevice[];
  total: number;
  page: number;
  pages: number;
  limit: number;
}

/** The calendar date (`YYYY-MM-DD`) it is at `at` in `timeZone`. */
export function calendarDateIn(timeZone: string, at: Date = new Date()): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Overdue: the due date has passed and the task is neither completed nor cancelled. */
export function isOverdue(task: { dueDate: string | null; status: TaskStatus }, today: string): boolean {
  return (
    task.dueDate !== null &&
    task.dueDate < today &&
    task.status !== 'Completed' &&
    task.status !== 'Cancelled'
  );
}
