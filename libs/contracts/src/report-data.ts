import { z } from 'zod';
import type { EquipmentStatus } from './equipment';
import { LIST_LIMITS } from './lists';
import { dateField } from './dates';
import { ID_PATTERN } from './ids';
import type { ComplianceFigures } from './pm-compliance';
import type { RiskClass } from './risk';
import type { TaskPriority, TaskStatus, TaskType } from './tasks';

/**
 * What the reports service asks each domain service for. The reports service never reads another
 * service's tables: the service that owns the data computes each report's figures where the data
 * lives (one SQL statement, an aggregate) and answers detail rows a page at a time, so no message
 * grows with the inventory and the report writer streams the pages into the file.
 *
 * Periods are calendar days in the hospital's time zone, both ends included: a fact counts in the
 * period when it happened from `from` 00:00 to `to` 24:00 there (and never after now).
 */
export const reportScopeSchema = z.strictObject({
  from: dateField('from', { example: '2026-01-01' }),
  to: dateField('to', { example: '2026-01-31' }),
  /** The hospital's IANA time zone, which says when a day begins. */
  timeZone: z.string().min(1).max(64),
  /**
   * Department names as stored, matched exactly; empty for every department. The reports service
   * sends the canonical names the person chose (the generate request corrects other spellings).
   */
  departments: z.array(z.string().min(1).max(120)).max(100),
  /** Empty for every category. */
  categories: z.array(z.string().min(1).max(100)).max(LIST_LIMITS.categories),
  /** One member of staff's id for the staff figures, or null for everyone. */
  staffId: z.string().regex(ID_PATTERN).nullable(),
});
export type ReportScope = z.output<typeof reportScopeSchema>;

/** A page of detail rows: `after` is the previous page's `next` (empty for the first page). */
export const reportPageRequestSchema = z.strictObject({
  scope: reportScopeSchema,
  after: z.string().max(300).default(''),
  limit: z.number().int().min(1).max(1000).default(500),
});
export type ReportPageRequest = z.input<typeof reportPageRequestSchema>;

/** The page a report asks for: a few hundred rows stay far below NATS's message limit (at most 1,000). */
export const REPORT_PAGE_LIMIT = 500;

export interface ReportRowsPage<T> {
  rows: T[];
  /** Where the next page starts, or null when this was the last. */
  next: string | null;
  /**
   * Every row of the list, across pages, on the first page; null on the pages after it (counting
   * the whole list again for each page would cost every page as much as the whole list).
   */
  total: number | null;
}

/** The figures' request body: just the scope. */
export const reportFiguresRequestSchema = z.strictObject({ scope: reportScopeSchema });
export type ReportFiguresRequest = z.input<typeof reportFiguresRequestSchema>;

// ---------------------------------------------------------------- equipment

/** Warranties ending within this many days of today are listed as expiring. */
export const WARRANTY_WINDOW_DAYS = 90;

export type StatusCounts = Record<EquipmentStatus, number>;

/** The inventory as it stands now (not the period: an inventory has no history of counts). */
export interface EquipmentStatusFigures {
  /** ISO timestamp of the count. */
  asOf: string;
  total: number;
  byStatus: StatusCounts;
  byDepartment: { name: string; total: number; counts: StatusCounts }[];
  byCategory: { name: string; total: number; counts: StatusCounts }[];
  /** Devices whose status is not Serviceable (retired ones included, as they are not in use). */
  notServiceable: number;
  /** Warranties ending from today to `WARRANTY_WINDOW_DAYS` days ahead. */
  warrantiesExpiring: number;
}

/** A device not in service now, and for how long (since its last status change). */
export interface NotServiceableDeviceRow {
  equipmentId: string;
  name: string;
  serialNumber: string;
  department: string;
  category: string;
  status: EquipmentStatus;
  since: string;
  days: number;
}

export interface ExpiringWarrantyRow {
  equipmentId: string;
  name: string;
  serialNumber: string;
  manufacturer: string;
  department: string;
  category: string;
  warrantyExpiry: string;
  daysLeft: number;
}

/**
 * Availability over the period, from the status history. A device is down while Unserviceable or
 * Under Maintenance, and observed while it exists and is not retired (Decommissioned, Auctioned).
 * - uptime: 1 − down ÷ observed, null when never observed;
 * - failures: changes from Serviceable to a down status within the period;
 * - repairs: down spells that ended (returned to Serviceable) within the period; MTTR is their mean
 *   length in hours, whole length even when the spell began before the period;
 * - MTBF: hours up ÷ failures, null without a failure.
 */
export interface DowntimeStats {
  devices: number;
  observedHours: number;
  downtimeHours: number;
  uptime: number | null;
  failures: number;
  repairs: number;
  mttrHours: number | null;
  mtbfHours: number | null;
}

export interface DeviceDowntimeRow extends DowntimeStats {
  equipmentId: string;
  name: string;
  serialNumber: string;
  department: string;
  category: string;
}

export interface DowntimeFigures {
  total: DowntimeStats;
  byDepartment: (DowntimeStats & { name: string })[];
  byCategory: (DowntimeStats & { name: string })[];
  /** The ten devices with most downtime hours in the period (then most failures). */
  worst: DeviceDowntimeRow[];
  /** Downtime hours per department and calendar month of the period (`YYYY-MM`), for heat maps. */
  byDepartmentMonth: { department: string; month: string; downtimeHours: number }[];
}

/** The inventory with its risk assessment, as a surveyor asks for it. */
export interface InventoryRiskRow {
  equipmentId: string;
  name: string;
  serialNumber: string;
  manufacturer: string;
  model: string;
  department: string;
  category: string;
  status: EquipmentStatus;
  riskClass: RiskClass | null;
  emNumber: number | null;
  lifeSupport: boolean;
  highRisk: boolean;
  inPmProgram: boolean;
}

// ---------------------------------------------------------------- maintenance

/**
 * Tasks of the period: created in it (counts by status, type and priority, weekly created), or
 * completed in it (weekly completed, mean time to complete: created to completed, in hours).
 * Overdue is now: due date passed, neither completed nor cancelled, whenever created.
 * A Technician's figures are their own tasks', as everywhere they see only their own.
 */
export interface TaskFigures {
  created: number;
  byStatus: Record<TaskStatus, number>;
  byType: Record<TaskType, number>;
  byPriority: Record<TaskPriority, number>;
  completed: number;
  meanHoursToComplete: number | null;
  overdue: number;
  /** Weeks (Monday first, `YYYY-MM-DD` of the Monday) overlapping the period. */
  weekly: { weekStart: string; created: number; completed: number }[];
}

export interface OverdueTaskRow {
  taskId: string;
  title: string;
  taskType: TaskType;
  priority: TaskPriority;
  status: TaskStatus;
  equipmentName: string;
  serialNumber: string;
  department: string;
  category: string;
  dueDate: string;
  daysOverdue: number;
  assignedTo: string | null;
}

/** Preventive work is the Preventive task type; corrective is Repair; the rest is other work. */
export interface WorkMixCounts {
  preventive: number;
  corrective: number;
  other: number;
}

/** Work created in the period by kind, and the PM occurrences' compliance over the period. */
export interface WorkMixFigures {
  total: WorkMixCounts;
  byDepartment: (WorkMixCounts & { name: string })[];
  byCategory: (WorkMixCounts & { name: string })[];
  byMonth: (WorkMixCounts & { month: string })[];
  pm: ComplianceFigures;
}

/**
 * One person's work in the period: tasks assigned to them created in the period; completed in the
 * period; on time = completed on or before the due date (or with no due date); late otherwise.
 */
export interface StaffPerformanceRow {
  userId: string;
  name: string;
  assigned: number;
  completed: number;
  onTime: number;
  late: number;
  meanHoursToComplete: number | null;
  awaitingCertification: number;
}

/**
 * Spare parts used on work completed in the period. A part is known by its name as written
 * (case and spaces folded). A cost counts only where a unit cost was recorded: uses without one
 * are counted, never priced.
 */
export interface SparePartRow {
  name: string;
  quantity: number;
  uses: number;
  tasks: number;
  devices: number;
  /** Sum of quantity × unit cost over the uses with a cost; null when none had one. */
  knownCost: number | null;
  usesWithoutCost: number;
}

export interface SparePartsFigures {
  uses: number;
  quantity: number;
  distinctParts: number;
  tasks: number;
  devices: number;
  knownCost: number | null;
  usesWithoutCost: number;
  /** The ten parts used most (by quantity). */
  top: SparePartRow[];
  byDepartment: {
    name: string;
    quantity: number;
    uses: number;
    tasks: number;
    knownCost: number | null;
    usesWithoutCost: number;
  }[];
}

/**
 * Cost of work completed in the period: parts where unit costs were recorded, and labour hours
 * where they were recorded, each task's hours priced at the rate of the role whose work they are in
 * force on the day the task was completed (the hospital's date).
 */
export interface CostRow {
  tasks: number;
  partsCost: number | null;
  partUsesWithoutCost: number;
  labourHours: number | null;
  tasksWithoutHours: number;
  /** The priced hours' cost; null when no task's hours were priced (or the reader does not read costs). */
  labourCost: number | null;
  /** Tasks with hours but no price: no rate for the role on that day, or hours recorded before roles were kept. */
  tasksWithUnpricedHours: number;
  /** What vendors invoiced for the work; null when none did (or the reader does not read costs). */
  vendorCost: number | null;
  /** Tasks with at least one vendor charge (0 for a reader who does not read costs). */
  tasksWithVendorCharges: number;
}

export interface CostFigures {
  /** The hospital currency every amount is in; null until an Admin sets it. */
  currency: string | null;
  /** Whether labour is priced for the reader: costs are for Engineers, Managers and Admins. */
  labourPriced: boolean;
  total: CostRow;
  byDepartment: (CostRow & { name: string })[];
  byCategory: (CostRow & { name: string })[];
}

export interface DeviceCostRow extends CostRow {
  equipmentId: string;
  name: string;
  serialNumber: string;
  department: string;
  category: string;
}

/** Work awaiting an engineer's certification now, and certifications given in the period. */
export interface CertificationFigures {
  awaiting: number;
  certified: number;
  byEngineer: { engineerId: string | null; name: string; certified: number }[];
}

export interface AwaitingCertificationRow {
  taskId: string;
  title: string;
  taskType: TaskType;
  equipmentName: string;
  serialNumber: string;
  department: string;
  completedDate: string;
  daysWaiting: number;
  assignedTo: string | null;
}
