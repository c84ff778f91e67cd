import { z } from 'zod';
import { dateTimeFormat } from './date-formats';
import { dateParam } from './dates';
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
export interface ComplianceFigures {
  due: number;
  onTime: number;
  late: number;
  missed: number;
  pending: number;
  /** 0 to 1, or null when nothing in the period was due by today. */
  rate: number | null;
}

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
  /** Every overdue occurrence (whatever its due date), earliest first; at most `listLimit`. */
  overdue: { items: OverduePmItem[]; total: number };
  unplanned: { items: UnplannedDevice[]; total: number };
  /** When the devices' risk flags were last read from the inventory (null: never). */
  riskDataAsOf: string | null;
}

export const COMPLIANCE_LIST_LIMIT = 100;

/** Query of the compliance figures; the period defaults to the current month. */
export const complianceQuerySchema = z
  .object({
    from: dateParam('from', { example: '2024-03-01' }),
    to: dateParam('to', { example: '2024-03-31' }),
    department: z.string().trim().max(120).default(''),
    category: z.string().trim().max(120).default(''),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'Start date cannot be after end date.',
    path: ['from'],
  });
export type ComplianceQuery = z.output<typeof complianceQuerySchema>;

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
