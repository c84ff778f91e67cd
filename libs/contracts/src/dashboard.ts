import type { EquipmentStatus } from './equipment';
import type { ComplianceFigures } from './pm-compliance';
import type { RecallFigures } from './recalls';
import type { TaskCounts } from './task-api';
import type { TaskStatus } from './tasks';

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
export interface EquipmentCounts {
  total: number;
  serviceable: number;
  maintenance: number;
  unserviceable: number;
}

/**
 * The equipment part: the stat cards now (`total`… as the spec names them), every status for the
 * Equipment Status Overview, and the same four figures 30 days earlier from the status history
 * (null when the history does not reach that far back).
 */
export interface DashboardEquipment extends EquipmentCounts {
  byStatus: Record<EquipmentStatus, number>;
  earlier: EquipmentCounts | null;
  /**
   * Recalls and field safety notices still open, and the devices awaiting their action. Absent
   * while an equipment service older than recalls answers (a rolling deploy): the card says so.
   */
  recalls?: RecallFigures;
}

/** One of the latest tasks, as Recent Activity shows it. */
export interface DashboardRecentTask {
  _id: string;
  title: string;
  status: TaskStatus;
  equipmentName: string;
  /** Null when nobody is assigned. */
  technicianName: string | null;
  createdAt: string;
}

/**
 * The tasks part (a Technician's are their own tasks): the Tasks Summary now and 30 days earlier (from the tasks' status history), the
 * latest tasks, and what a head of department asks first.
 */
export interface DashboardTasks extends TaskCounts {
  earlier: TaskCounts | null;
  recent: DashboardRecentTask[];
  /** Open tasks whose due date has passed (the hospital's today). */
  overdue: number;
  /** Completed work an Engineer has yet to certify. */
  awaitingCertification: number;
}

/** This month's PM completion: overall and for life-support devices (the PM compliance figures). */
export interface DashboardPm {
  /** `YYYY-MM-DD`, the month's first and last day in the hospital's time zone. */
  from: string;
  to: string;
  overall: ComplianceFigures;
  lifeSupport: ComplianceFigures;
}

/** One line of System Status: OK or not, and for Engineers and Admins what the problem is. */
export interface SystemCheck {
  ok: boolean;
  /**
   * What is wrong, in words: null when OK, and always null in an answer without `details` (error
   * texts name hosts, services and causes, which are for those who run the system).
   */
  problem: string | null;
}

export interface DashboardSystem {
  /**
   * Whether the checks carry what is wrong (`problem`): for Engineers and Admins. Technicians and
   * Managers are told only which parts are OK and which are not.
   */
  details: boolean;
  database: SystemCheck;
  /** The domain services, each answering on the bus. */
  services: SystemCheck;
  /** The live connection's relay (NATS to the browsers' sockets). */
  live: SystemCheck;
  /** The report queue (Redis). */
  queue: SystemCheck;
  /**
   * When the deployment last reported a successful database backup (ISO), or null: not reported.
   * Never assumed: without a report the card says 'Not reported'.
   */
  lastBackupAt: string | null;
}

export const DASHBOARD_PARTS = ['equipment', 'tasks', 'pm', 'lastLogin'] as const;
export type DashboardPart = (typeof DASHBOARD_PARTS)[number];

export interface DashboardResponse {
  equipment: DashboardEquipment | null;
  tasks: DashboardTasks | null;
  /** The spec's list, the same as `tasks.recent` (empty when the tasks part is missing). */
  recentTasks: DashboardRecentTask[];
  pm: DashboardPm | null;
  system: DashboardSystem;
  /** The person's previous sign-in (ISO), null when this is their first, or when unknown. */
  lastLogin: string | null;
  /** The parts that did not arrive, each with why. */
  unavailable: Partial<Record<DashboardPart, string>>;
}

/** A change of `now` over `earlier` as a fraction (0.25 = +25%), or null where there is nothing to compare. */
export function trendOf(now: number, earlier: number | null | undefined): number | null {
  if (earlier === null || earlier === undefined || earlier === 0) return null;
  return (now - earlier) / earlier;
}
