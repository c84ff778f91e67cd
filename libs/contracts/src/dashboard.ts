import { z } from 'zod';
import { dashboardCostOfServiceSchema } from './cost-of-service';
import { EQUIPMENT_STATUSES } from './equipment';
import { complianceFiguresExample, complianceFiguresSchema } from './pm-compliance';
import { recallFiguresSchema } from './recalls';
import { contractRenewalFiguresSchema } from './service-contracts';
import { taskCountsExample, taskCountsSchema, taskExample } from './task-api';
import { TASK_STATUSES } from './tasks';

/**
 * `GET /api/dashboard`: what the landing screen shows, composed by the gateway from the services
 * that own each part, asked in parallel. A part whose service did not answer in time is null and
 * `unavailable` says which and why; the other parts still arrive. Every figure is computed: a
 * trend compares with the same figure 30 days earlier, and is absent where there is none.
 */

/** How far back a trend looks. */
export const DASHBOARD_TREND_DAYS = 30;

/** How many of the latest tasks Recent Activity lists. */
export const DASHBOARD_RECENT_TASKS = 4;

/** The four equipment figures of the stat cards (the spec's names). */
export const equipmentCountsSchema = z.object({
  total: z.number().int(),
  serviceable: z.number().int(),
  maintenance: z.number().int(),
  unserviceable: z.number().int(),
});
export type EquipmentCounts = z.output<typeof equipmentCountsSchema>;

/**
 * The equipment part: the stat cards now (`total`… as the spec names them), every status for the
 * Equipment Status Overview, and the same four figures 30 days earlier from the status history
 * (null when the history does not reach that far back).
 */
export const dashboardEquipmentSchema = equipmentCountsSchema.extend({
  byStatus: z.object(
    Object.fromEntries(EQUIPMENT_STATUSES.map((status) => [status, z.number().int()])) as Record<
      (typeof EQUIPMENT_STATUSES)[number],
      z.ZodNumber
    >,
  ),
  earlier: equipmentCountsSchema
    .nullable()
    .describe('The same figures 30 days earlier; null when the status history does not reach that far back.'),
  /**
   * Recalls and field safety notices still open, and the devices awaiting their action. Absent
   * while an equipment service older than recalls answers (a rolling deploy): the card says so.
   */
  recalls: recallFiguresSchema.optional(),
  /**
   * Service contracts due for renewal. Absent while an equipment service older than contracts
   * answers (a rolling deploy). Counts, not costs; the card is for those who keep contracts.
   */
  contractRenewals: contractRenewalFiguresSchema.optional(),
});
export type DashboardEquipment = z.output<typeof dashboardEquipmentSchema>;

/** One of the latest tasks, as Recent Activity shows it. */
export const dashboardRecentTaskSchema = z.object({
  _id: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  equipmentName: z.string(),
  technicianName: z.string().nullable().describe('Null when nobody is assigned.'),
  createdAt: z.string(),
});
export type DashboardRecentTask = z.output<typeof dashboardRecentTaskSchema>;

/**
 * The tasks part (a Technician's are their own tasks): the Tasks Summary now and 30 days earlier (from the tasks' status history), the
 * latest tasks, and what a head of department asks first.
 */
export const dashboardTasksSchema = taskCountsSchema.extend({
  earlier: taskCountsSchema.nullable(),
  recent: z.array(dashboardRecentTaskSchema),
  overdue: z.number().int().describe("Open tasks whose due date has passed (the hospital's today)."),
  awaitingCertification: z.number().int().describe('Completed work an Engineer has yet to certify.'),
});
export type DashboardTasks = z.output<typeof dashboardTasksSchema>;

/** This month's PM completion: overall and for life-support devices (the PM compliance figures). */
export const dashboardPmSchema = z.object({
  from: z.string().describe("`YYYY-MM-DD`, the month's first day in the hospital's time zone."),
  to: z.string().describe("`YYYY-MM-DD`, the month's last day in the hospital's time zone."),
  overall: complianceFiguresSchema,
  lifeSupport: complianceFiguresSchema,
});
export type DashboardPm = z.output<typeof dashboardPmSchema>;

/** One line of System Status: OK or not, and for Engineers and Admins what the problem is. */
export const systemCheckSchema = z.object({
  ok: z.boolean(),
  /**
   * What is wrong, in words: null when OK, and always null in an answer without `details` (error
   * texts name hosts, services and causes, which are for those who run the system).
   */
  problem: z.string().nullable(),
});
export type SystemCheck = z.output<typeof systemCheckSchema>;

export const dashboardSystemSchema = z.object({
  /**
   * Whether the checks carry what is wrong (`problem`): for Engineers and Admins. Technicians and
   * Managers are told only which parts are OK and which are not.
   */
  details: z.boolean(),
  database: systemCheckSchema,
  /** The domain services, each answering on the bus. */
  services: systemCheckSchema,
  /** The live connection's relay (NATS to the browsers' sockets). */
  live: systemCheckSchema,
  /** The report queue (Redis). */
  queue: systemCheckSchema,
  /**
   * When the deployment last reported a successful database backup (ISO), or null: not reported.
   * Never assumed: without a report the card says 'Not reported'.
   */
  lastBackupAt: z.string().nullable(),
});
export type DashboardSystem = z.output<typeof dashboardSystemSchema>;

export const DASHBOARD_PARTS = ['equipment', 'tasks', 'pm', 'lastLogin', 'costOfService'] as const;
export type DashboardPart = (typeof DASHBOARD_PARTS)[number];

const recentTaskExample = {
  _id: taskExample._id,
  title: taskExample.title,
  status: taskExample.status,
  equipmentName: taskExample.equipment.name,
  technicianName: taskExample.assignedTo.name,
  createdAt: taskExample.createdAt,
};

export const dashboardResponseSchema = z
  .object({
    equipment: dashboardEquipmentSchema.nullable(),
    tasks: dashboardTasksSchema.nullable(),
    recentTasks: z
      .array(dashboardRecentTaskSchema)
      .describe("The spec's list, the same as `tasks.recent` (empty when the tasks part is missing)."),
    pm: dashboardPmSchema.nullable(),
    costOfService: dashboardCostOfServiceSchema
      .nullable()
      .optional()
      .describe(
        "The hospital's cost of service over the year to today, for those who read costs (Engineers, Managers, Admins; absent for everyone else); null when the reports service did not answer.",
      ),
    system: dashboardSystemSchema,
    lastLogin: z
      .string()
      .nullable()
      .describe("The person's previous sign-in (ISO), null when this is their first, or when unknown."),
    unavailable: z
      .object(
        Object.fromEntries(DASHBOARD_PARTS.map((part) => [part, z.string().optional()])) as Record<
          DashboardPart,
          z.ZodOptional<z.ZodString>
        >,
      )
      .describe('The parts that did not arrive, each with why.'),
  })
  .meta({
    id: 'Dashboard',
    examples: [
      {
        equipment: {
          total: 1248,
          serviceable: 1152,
          maintenance: 61,
          unserviceable: 27,
          byStatus: {
            Serviceable: 1152,
            'Under Maintenance': 61,
            Unserviceable: 27,
            Decommissioned: 6,
            Auctioned: 2,
          },
          earlier: { total: 1234, serviceable: 1139, maintenance: 58, unserviceable: 29 },
          recalls: { openNotices: 2, awaitingAction: 14 },
          contractRenewals: { within30: 1, within90: 3 },
        },
        tasks: {
          ...taskCountsExample,
          earlier: { total: 290, pending: 38, inProgress: 25, completed: 227 },
          recent: [recentTaskExample],
          overdue: 6,
          awaitingCertification: 9,
        },
        recentTasks: [recentTaskExample],
        pm: {
          from: '2026-03-01',
          to: '2026-03-31',
          overall: complianceFiguresExample,
          lifeSupport: complianceFiguresExample,
        },
        costOfService: {
          figure: {
            from: '2025-03-03',
            to: '2026-03-02',
            ratio: 0.052,
            serviceCost: 1_248_600,
            acquisitionCost: 24_011_538.46,
            devicesWithCost: 1180,
            devicesWithoutCost: 68,
            flagged: 7,
            currency: 'GBP',
            computedAt: '2026-03-02T06:41:12.000Z',
          },
          current: true,
          failed: false,
        },
        system: {
          details: true,
          database: { ok: true, problem: null },
          services: { ok: true, problem: null },
          live: { ok: true, problem: null },
          queue: { ok: true, problem: null },
          lastBackupAt: '2026-03-02T02:00:00.000Z',
        },
        lastLogin: '2026-03-01T07:38:55.000Z',
        unavailable: {},
      },
    ],
  });
export type DashboardResponse = z.output<typeof dashboardResponseSchema>;

/** A change of `now` over `earlier` as a fraction (0.25 = +25%), or null where there is nothing to compare. */
export function trendOf(now: number, earlier: number | null | undefined): number | null {
  if (earlier === null || earlier === undefined || earlier === 0) return null;
  return (now - earlier) / earlier;
}
