import { z } from 'zod';
import { userRefSchema } from './equipment';
import { dateTimeFormat } from './date-formats';
import { dateParam } from './dates';
import { limitParam, pageFields, pageParam } from './paging';
import { taskEquipmentRefSchema } from './task-api';
import { PM_INTERVALS, TASK_PRIORITIES, TASK_STATUSES, type TaskStatus } from './tasks';
import { RISK_CLASSES } from './risk';
import { pmFirstOccurrenceExample, pmPlanExample } from './pm-plans';

/** The day the compliance examples are counted on. */
const EXAMPLE_TODAY = '2026-03-18';
/** The ICU's PM occurrences due in March, counted on the 18th. */
export const complianceFiguresExample = {
  due: 42,
  onTime: 30,
  late: 3,
  missed: 1,
  pending: 8,
  rate: 30 / 34,
};

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
export const complianceFiguresSchema = z
  .object({
    due: z.number().int(),
    onTime: z.number().int(),
    late: z.number().int(),
    missed: z.number().int(),
    pending: z.number().int(),
    rate: z.number().nullable().describe('0 to 1, or null when nothing in the period was due by today.'),
  })
  .meta({ id: 'ComplianceFigures', examples: [complianceFiguresExample] });
export type ComplianceFigures = z.output<typeof complianceFiguresSchema>;

/** The ventilator's first PM occurrence, started and not finished two months after its due date. */
const overduePmExample = {
  taskId: pmFirstOccurrenceExample._id,
  planId: pmPlanExample._id,
  title: pmPlanExample.title,
  equipment: pmPlanExample.equipment,
  dueDate: pmPlanExample.firstDueDate,
  daysOverdue: 62,
  status: 'In Progress',
  priority: pmPlanExample.priority,
  interval: pmPlanExample.interval,
  assignedTo: pmPlanExample.assignedTo,
  highRisk: true,
  lifeSupport: true,
} as const;

/** One overdue occurrence: due date passed, not completed. */
export const overduePmItemSchema = z
  .object({
    taskId: z.string(),
    planId: z.string(),
    title: z.string(),
    equipment: taskEquipmentRefSchema,
    dueDate: z.string().describe('YYYY-MM-DD'),
    daysOverdue: z.number().int(),
    status: z.enum(TASK_STATUSES),
    priority: z.enum(TASK_PRIORITIES),
    interval: z.enum(PM_INTERVALS).nullable(),
    assignedTo: userRefSchema.nullable(),
    highRisk: z.boolean(),
    lifeSupport: z.boolean(),
  })
  .meta({ id: 'OverduePm', examples: [overduePmExample] });
export type OverduePmItem = z.output<typeof overduePmItemSchema>;

/** An emergency department defibrillator, assessed as life support, with no PM plan yet. */
const unplannedDeviceExample = {
  equipmentId: 'a4c7e1f0-5d2b-4e9a-8c3f-6b1d0e7a9f24',
  name: 'Defibrillator',
  serialNumber: 'ZOLL-AR16K04412',
  department: 'Emergency',
  category: 'Defibrillator',
  riskClass: 'High',
  highRisk: true,
  lifeSupport: true,
} as const;

/** A device whose risk puts it in the PM program but that has no active plan. */
export const unplannedDeviceSchema = z
  .object({
    equipmentId: z.string(),
    name: z.string(),
    serialNumber: z.string(),
    department: z.string(),
    category: z.string(),
    riskClass: z.enum(RISK_CLASSES).nullable(),
    highRisk: z.boolean(),
    lifeSupport: z.boolean(),
  })
  .meta({ id: 'UnplannedDevice', examples: [unplannedDeviceExample] });
export type UnplannedDevice = z.output<typeof unplannedDeviceSchema>;

/**
 * `GET /api/maintenance/compliance`: the figures and how many occurrences are overdue and devices
 * without a plan. The two lists themselves are read a page at a time (`OverduePmPage`,
 * `UnplannedDevicesPage`), so this answer stays the same few hundred bytes whatever the size of
 * the PM program: the Maintenance page and the dashboard read it on every visit, and show only
 * the figures and the totals until someone opens a list.
 */
export const pmComplianceResponseSchema = z
  .object({
    from: z.string().describe('YYYY-MM-DD'),
    to: z.string().describe('YYYY-MM-DD'),
    today: z.string().describe('The day "today" is taken to be, in the hospital\'s time zone (YYYY-MM-DD).'),
    department: z.string(),
    category: z.string(),
    overall: complianceFiguresSchema,
    highRisk: complianceFiguresSchema,
    lifeSupport: complianceFiguresSchema,
    overdue: z
      .object({ total: z.number().int() })
      .describe(
        'How many occurrences are overdue now, whatever their due date (a Technician: of their own work).',
      ),
    unplanned: z
      .object({ total: z.number().int() })
      .describe('How many devices of the PM program, in use, have no active plan.'),
    riskDataAsOf: z
      .string()
      .nullable()
      .describe("When the devices' risk flags were last read from the inventory (null: never)."),
  })
  .meta({
    id: 'PmCompliance',
    examples: [
      {
        from: '2026-03-01',
        to: '2026-03-31',
        today: EXAMPLE_TODAY,
        department: 'ICU',
        category: '',
        overall: complianceFiguresExample,
        highRisk: { due: 18, onTime: 14, late: 1, missed: 0, pending: 3, rate: 0.9333 },
        lifeSupport: { due: 9, onTime: 7, late: 0, missed: 0, pending: 2, rate: 1 },
        overdue: { total: 4 },
        unplanned: { total: 2 },
        riskDataAsOf: '2026-03-18T06:00:12.204Z',
      },
    ],
  });
export type PmComplianceResponse = z.output<typeof pmComplianceResponseSchema>;

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
export const overduePmPageSchema = z
  .object({
    items: z.array(overduePmItemSchema),
    ...pageFields,
    today: z
      .string()
      .describe("The day the days overdue are counted to, in the hospital's time zone (YYYY-MM-DD)."),
  })
  .meta({
    id: 'OverduePmPage',
    examples: [
      {
        items: [overduePmExample],
        total: 1,
        page: 1,
        pages: 1,
        limit: COMPLIANCE_LIST_PAGE.default,
        today: EXAMPLE_TODAY,
      },
    ],
  });
export type OverduePmPage = z.output<typeof overduePmPageSchema>;

/** `GET /api/maintenance/compliance/unplanned`: a page of the devices without a plan, life support first. */
export const unplannedDevicesPageSchema = z
  .object({
    items: z.array(unplannedDeviceSchema),
    ...pageFields,
  })
  .meta({
    id: 'UnplannedDevicePage',
    examples: [
      { items: [unplannedDeviceExample], total: 1, page: 1, pages: 1, limit: COMPLIANCE_LIST_PAGE.default },
    ],
  });
export type UnplannedDevicesPage = z.output<typeof unplannedDevicesPageSchema>;

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
