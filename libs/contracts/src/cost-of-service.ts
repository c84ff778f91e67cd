import { z } from 'zod';
import { addDays, daysBetween } from './dates';
import { ID_PATTERN } from './ids';
import { calendarDateIn } from './pm-compliance';
import { reportScopeSchema } from './report-data';

/*
 * The cost of service ratio (COSR): what keeping the devices in service cost over a period (the
 * in-house labour, parts and vendors' charges of the work completed in it, and the devices' share
 * of the service contracts running in it) over what the devices cost to acquire. A clinical
 * engineering department reports it by device, model, category, department and for the hospital;
 * well-run departments sit around 3–7% a year.
 *
 * No one service holds it all: equipment knows each device's acquisition cost, model and place
 * and the contracts covering it; maintenance knows the work. The reports service reads equipment's
 * devices a page at a time and asks maintenance for the work of each page's devices, so neither
 * answer grows with the inventory.
 */

/**
 * A device is flagged for replacement planning when its repairs over the year ending on the
 * period's last day cost more than this share of what it cost to acquire (its replacement cost, as
 * recorded): a common threshold of clinical engineering, where repairing on costs more than
 * planning the replacement.
 */
export const REPLACEMENT_REPAIR_SHARE = 0.5;

/** The days of the year a device's repairs are summed over for the replacement flag. */
export const REPLACEMENT_WINDOW_DAYS = 365;

/**
 * The last day the ratio counts: the period's, or the hospital's today when the period runs on
 * past it. Work is counted up to now, so contracts are too: a year asked for in March must not
 * put a whole year of contract cost against three months of work.
 */
export function costOfServiceEnd(scope: { to: string; timeZone: string }, now: Date = new Date()): string {
  const today = calendarDateIn(scope.timeZone, now);
  return scope.to < today ? scope.to : today;
}

/** The days the ratio covers (0 when the period has not begun). */
export function costOfServiceDays(
  scope: { from: string; to: string; timeZone: string },
  now: Date = new Date(),
): number {
  const end = costOfServiceEnd(scope, now);
  return end < scope.from ? 0 : daysBetween(scope.from, end) + 1;
}

/** The words of a refusal to one who does not read costs (a Technician, clinical staff). */
export const COST_OF_SERVICE_REFUSAL = 'The cost of service is for Engineers, Managers and Admins.';

/** A device as equipment answers it for the COSR: its place, model, acquisition cost and contracts. */
export interface DeviceOwnershipRow {
  equipmentId: string;
  name: string;
  serialNumber: string;
  manufacturer: string;
  model: string;
  department: string;
  category: string;
  /** Null when none is recorded: the device's service cost is then outside every ratio. */
  acquisitionCost: number | null;
  /**
   * Its share of the service contracts covering it over the period: each contract's cost falling
   * within the period (`contractShare`), split evenly over the devices the contract covers now.
   * Not rounded: the shares of one contract add up to its cost, and sums are rounded once.
   */
  contractCost: number;
  /** How many contracts covering it ran in the period. */
  contracts: number;
}

/** `maintenance.report.device-service-costs`: the work of some devices (a page of equipment's). */
export const deviceServiceCostsRequestSchema = z.strictObject({
  scope: reportScopeSchema,
  ids: z.array(z.string().regex(ID_PATTERN)).max(1000),
});
export type DeviceServiceCostsRequest = z.input<typeof deviceServiceCostsRequestSchema>;

/** A device's work completed in the period, and its repairs over the year ending with the period. */
export interface DeviceServiceCostRow {
  equipmentId: string;
  tasks: number;
  /** Priced hours (by the rates in force when the work was done); null when none were priced. */
  labourCost: number | null;
  partsCost: number | null;
  vendorCost: number | null;
  /** Tasks whose hours have no price: counted, never estimated. */
  tasksWithUnpricedHours: number;
  /** Repair work (labour, parts and vendors) completed in the `REPLACEMENT_WINDOW_DAYS` to the period's end. */
  repairCostYear: number;
}

/** Only devices with work answer; a device missing from the rows had none. */
export interface DeviceServiceCosts {
  rows: DeviceServiceCostRow[];
}

/** A group's figures (a department, a category, a model, the hospital). */
export interface CostOfServiceFigures {
  devices: number;
  /** Devices with an acquisition cost: those the ratio covers. */
  devicesWithCost: number;
  acquisitionCost: number;
  labourCost: number;
  partsCost: number;
  vendorCost: number;
  contractCost: number;
  /** Labour, parts, vendors and contracts of the devices with an acquisition cost. */
  serviceCost: number;
  /** The service cost of the devices without one: said, not in the ratio. */
  serviceCostWithoutAcquisition: number;
  /** `serviceCost ÷ acquisitionCost`; null when no device of the group has an acquisition cost. */
  ratio: number | null;
  tasksWithUnpricedHours: number;
  /** Devices flagged for replacement planning. */
  flagged: number;
}

/** A device's or a group's cost of service in one place: what the report adds up, device by device. */
export class CostOfServiceTally {
  private devicesCount = 0;
  private withCost = 0;
  private cents = { acquisition: 0, labour: 0, parts: 0, vendor: 0, contract: 0, outside: 0 };
  private unpriced = 0;
  private flags = 0;

  add(device: DeviceOwnershipRow, work: DeviceServiceCostRow | undefined, flagged: boolean): void {
    this.devicesCount += 1;
    const labour = (work?.labourCost ?? 0) * 100;
    const parts = (work?.partsCost ?? 0) * 100;
    const vendor = (work?.vendorCost ?? 0) * 100;
    const contract = device.contractCost * 100;
    this.unpriced += work?.tasksWithUnpricedHours ?? 0;
    if (flagged) this.flags += 1;
    if (device.acquisitionCost === null || device.acquisitionCost === 0) {
      this.cents.outside += labour + parts + vendor + contract;
      return;
    }
    this.withCost += 1;
    this.cents.acquisition += device.acquisitionCost * 100;
    this.cents.labour += labour;
    this.cents.parts += parts;
    this.cents.vendor += vendor;
    this.cents.contract += contract;
  }

  figures(): CostOfServiceFigures {
    const money = (cents: number) => Math.round(cents) / 100;
    const service = this.cents.labour + this.cents.parts + this.cents.vendor + this.cents.contract;
    return {
      devices: this.devicesCount,
      devicesWithCost: this.withCost,
      acquisitionCost: money(this.cents.acquisition),
      labourCost: money(this.cents.labour),
      partsCost: money(this.cents.parts),
      vendorCost: money(this.cents.vendor),
      contractCost: money(this.cents.contract),
      serviceCost: money(service),
      serviceCostWithoutAcquisition: money(this.cents.outside),
      ratio: this.cents.acquisition > 0 ? service / this.cents.acquisition : null,
      tasksWithUnpricedHours: this.unpriced,
      flagged: this.flags,
    };
  }
}

/** Whether a device's repairs over the year pass `REPLACEMENT_REPAIR_SHARE` of its acquisition cost. */
export function flaggedForReplacement(
  device: Pick<DeviceOwnershipRow, 'acquisitionCost'>,
  work: Pick<DeviceServiceCostRow, 'repairCostYear'> | undefined,
): boolean {
  return (
    device.acquisitionCost !== null &&
    device.acquisitionCost > 0 &&
    (work?.repairCostYear ?? 0) > device.acquisitionCost * REPLACEMENT_REPAIR_SHARE
  );
}

/* ------------------------------------------------------------------ the dashboard's figure */

/** The days the dashboard's figure covers: the year to the hospital's today. */
export const DASHBOARD_COST_OF_SERVICE_DAYS = 365;

/** The year the dashboard's figure of a day covers: the `DASHBOARD_COST_OF_SERVICE_DAYS` to it. */
export function dashboardCostOfServiceYear(to: string): { from: string; to: string } {
  return { from: addDays(to, 1 - DASHBOARD_COST_OF_SERVICE_DAYS), to };
}

/** The year the dashboard's figure covers, ending on the hospital's today. */
export function dashboardCostOfServicePeriod(
  timeZone: string,
  now: Date = new Date(),
): { from: string; to: string } {
  return dashboardCostOfServiceYear(calendarDateIn(timeZone, now));
}

const ratioFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A cost of service ratio as the report and the dashboard both write it: a percentage with one
 * decimal ("5.2%"), "—" where there is none. One rule, so the card and the report never differ.
 */
export function costOfServiceRatioText(ratio: number | null): string {
  return ratio === null || !Number.isFinite(ratio) ? '—' : `${ratioFormat.format(ratio * 100)}%`;
}

/**
 * The hospital's cost of service over the year to a day, as the Managers' dashboard shows it: the
 * Cost of service report's hospital figures for that year, worked out once a day by the reports
 * service and kept, never typed in.
 */
export const dashboardCostOfServiceFigureSchema = z.object({
  from: z.string().describe("`YYYY-MM-DD`, the year's first day in the hospital's time zone."),
  to: z.string().describe("`YYYY-MM-DD`, the hospital's day the figure was worked out on (the year's last)."),
  ratio: z
    .number()
    .nullable()
    .describe(
      'The service cost over the acquisition cost (0.052 is 5.2%); null when no device has an acquisition cost.',
    ),
  serviceCost: z
    .number()
    .describe('Labour, parts, vendors and contracts of the devices with an acquisition cost.'),
  acquisitionCost: z.number(),
  devicesWithCost: z.number().int(),
  devicesWithoutCost: z
    .number()
    .int()
    .describe('Devices with no recorded acquisition cost: outside the ratio.'),
  flagged: z.number().int().describe('Devices flagged for replacement planning.'),
  currency: z
    .string()
    .describe(
      'The currency the amounts are in (ISO 4217): the hospital currency now, as the reports write it.',
    ),
  computedAt: z.string().describe('When it was worked out (ISO).'),
});
export type DashboardCostOfServiceFigure = z.output<typeof dashboardCostOfServiceFigureSchema>;

/** How long after today's figure failed to be worked out a dashboard may queue it again. */
export const COST_OF_SERVICE_RETRY_MINUTES = 15;

/**
 * `reports.dashboard.cost-of-service`: the latest figure kept, and whether it is today's. The first
 * dashboard of the day opened by someone who reads costs queues today's; until it is worked out the
 * latest (an earlier day's, or none) is answered with `current: false`.
 */
export const dashboardCostOfServiceSchema = z.object({
  figure: dashboardCostOfServiceFigureSchema
    .nullable()
    .describe('The latest worked out; null before the first.'),
  current: z.boolean().describe("Whether `figure` is today's; when false, today's is being worked out."),
  failed: z
    .boolean()
    .describe(
      `Whether working out today's failed: it is tried again ${COST_OF_SERVICE_RETRY_MINUTES} minutes after, when a dashboard asks.`,
    ),
});
export type DashboardCostOfService = z.output<typeof dashboardCostOfServiceSchema>;
