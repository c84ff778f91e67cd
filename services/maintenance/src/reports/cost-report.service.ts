import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  REPLACEMENT_WINDOW_DAYS,
  type CostFigures,
  type CostRow,
  type DeviceCostRow,
  type DeviceServiceCosts,
  type ReportRowsPage,
  type ReportScope,
  type SparePartRow,
  type SparePartsFigures,
} from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { hospitalCurrency } from '../costs/hospital-currency';
import { hours, keysetPage, ReportSql, type KeysetOrder, type PageRequest } from '@caliber/service-kit';
import {
  completedIn,
  money,
  PART_KEY,
  PART_WRITTEN,
  LABOUR_RATES,
  SPARE_PARTS,
  taskScope,
  TASKS,
  VENDOR_CHARGES,
  type TaskOwner,
} from './task-filter';

/** How many parts the "top" list names. */
const TOP_PARTS = 10;

interface PartFields {
  key: string;
  name: string;
  quantity: number;
  uses: number;
  tasks: number;
  devices: number;
  known_cost: number | null;
  uses_without_cost: number;
}

type PartJson = PartFields & Record<string, unknown>;

interface PartsJson {
  total: Omit<PartFields, 'key' | 'name'> & { distinct_parts: number };
  top: PartJson[] | null;
  by_department: (Omit<PartFields, 'key' | 'devices'> & { name: string })[] | null;
}

interface CostJson {
  tasks: number;
  parts_cost: number | null;
  part_uses_without_cost: number;
  labour_hours: number | null;
  tasks_without_hours: number;
  labour_cost: number | null;
  tasks_with_unpriced_hours: number;
  vendor_cost: number | null;
  tasks_with_vendor_charges: number;
}

interface CostGroupJson extends CostJson {
  department: string | null;
  category: string | null;
  by: 'all' | 'department' | 'category';
}

interface ServiceCostJson {
  equipment_id: string;
  tasks: number;
  labour_cost: number | null;
  parts_cost: number | null;
  vendor_cost: number | null;
  tasks_with_unpriced_hours: number;
  repair_cost_year: number;
}

interface DeviceCostJson extends CostJson, Record<string, unknown> {
  id: string;
  name: string;
  serial_number: string;
  department: string;
  category: string;
}

const BY_PART: KeysetOrder = { columns: ['key'], types: ['text'] };
const BY_NAME: KeysetOrder = { columns: ['name', 'id'], types: ['text', 'uuid'] };

function partRow(row: PartJson): SparePartRow {
  return {
    name: row.name,
    quantity: row.quantity,
    uses: row.uses,
    tasks: row.tasks,
    devices: row.devices,
    knownCost: money(row.known_cost),
    usesWithoutCost: row.uses_without_cost,
  };
}

/**
 * A group's figures. A reader who does not read costs (a Technician's report of their own work)
 * gets the hours without their price, and every hour counts as unpriced: the rates are not theirs.
 */
function costRow(row: CostJson, priced: boolean): CostRow {
  return {
    tasks: row.tasks,
    partsCost: money(row.parts_cost),
    partUsesWithoutCost: row.part_uses_without_cost,
    labourHours: row.labour_hours === null ? null : hours(row.labour_hours),
    tasksWithoutHours: row.tasks_without_hours,
    labourCost: priced ? money(row.labour_cost) : null,
    tasksWithUnpricedHours: priced ? row.tasks_with_unpriced_hours : row.tasks - row.tasks_without_hours,
    vendorCost: priced ? money(row.vendor_cost) : null,
    tasksWithVendorCharges: priced ? row.tasks_with_vendor_charges : 0,
  };
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Every use of a spare part on work completed in the period (alias `u`): the part's key, its name
 * as written, and the task's device and place. A part is named as most of its uses write it; a tie
 * goes to the first spelling in byte order, so the name does not depend on the database's collation.
 */
function partUses(sql: ReportSql, owner: TaskOwner): string {
  return `uses AS (
      SELECT ${PART_KEY} AS "key", ${PART_WRITTEN} AS "written", sp."quantity", sp."unit_cost",
             t."id" AS "task_id", t."equipment_id", t."equipment_department" AS "department"
        FROM ${SPARE_PARTS} sp JOIN ${TASKS} t ON t."id" = sp."task_id"
       WHERE ${taskScope(sql, owner)} AND ${completedIn(sql)}),
    parts AS (
      SELECT u."key", mode() WITHIN GROUP (ORDER BY u."written" COLLATE "C") AS "name",
             sum(u."quantity")::int AS "quantity", count(*)::int AS "uses",
             count(DISTINCT u."task_id")::int AS "tasks", count(DISTINCT u."equipment_id")::int AS "devices",
             sum(u."quantity" * u."unit_cost")::float8 AS "known_cost",
             (count(*) FILTER (WHERE u."unit_cost" IS NULL))::int AS "uses_without_cost"
        FROM uses u GROUP BY u."key")`;
}

/**
 * Work completed in the period, one row per task (alias `w`) with its parts' known cost (null
 * when no use had a unit cost) and its uses without one, what vendors invoiced for it (null when
 * none did), and its labour priced: the hours times
 * the rate of the role whose work they are (`tasks.labour_role`) in force on the hospital's date of
 * completion, rounded to the cent per task in exact numerics (as the task's own page prices it). A
 * rate added later starts no earlier than the day it is added, so work finished before that day
 * keeps its price.
 */
function completedWork(sql: ReportSql, owner: TaskOwner): string {
  return pricedWork(sql, `${taskScope(sql, owner)} AND ${completedIn(sql)}`);
}

/** Completed work's rows as `completedWork` prices them, of the tasks (alias `t`) `where` selects. */
function pricedWork(sql: ReportSql, where: string): string {
  return `work AS (
      SELECT t."id", t."equipment_id", t."equipment_name", t."equipment_serial", t."equipment_department",
             t."equipment_category", t."task_type", t."labour_hours", t."completed_date", p."cost", p."uncosted",
             round(t."labour_hours" * r."hourly_rate", 2) AS "labour_cost", v."vendor_cost"
        FROM ${TASKS} t
        CROSS JOIN LATERAL (
          SELECT sum(sp."quantity" * sp."unit_cost") AS "cost",
                 count(*) FILTER (WHERE sp."unit_cost" IS NULL) AS "uncosted"
            FROM ${SPARE_PARTS} sp WHERE sp."task_id" = t."id") p
        CROSS JOIN LATERAL (
          SELECT sum(vc."amount") AS "vendor_cost" FROM ${VENDOR_CHARGES} vc WHERE vc."task_id" = t."id") v
        LEFT JOIN LATERAL (
          SELECT lr."hourly_rate" FROM ${LABOUR_RATES} lr
           WHERE lr."role" = t."labour_role"
             AND lr."starts_on" <= (t."completed_date" AT TIME ZONE ${sql.zone})::date
           ORDER BY lr."starts_on" DESC LIMIT 1) r ON true
       WHERE t."deleted_at" IS NULL AND t."status" = 'Completed' AND ${where})`;
}

/** A group's cost figures over `work` rows (alias `w`); sums of nothing known are null. */
const COST_SUMS = `count(*)::int AS "tasks", sum(w."cost")::float8 AS "parts_cost",
       COALESCE(sum(w."uncosted"), 0)::int AS "part_uses_without_cost",
       sum(w."labour_hours")::float8 AS "labour_hours",
       (count(*) FILTER (WHERE w."labour_hours" IS NULL))::int AS "tasks_without_hours",
       sum(w."labour_cost")::float8 AS "labour_cost",
       (count(*) FILTER (WHERE w."labour_hours" IS NOT NULL AND w."labour_cost" IS NULL))::int
         AS "tasks_with_unpriced_hours",
       sum(w."vendor_cost")::float8 AS "vendor_cost",
       (count(*) FILTER (WHERE w."vendor_cost" IS NOT NULL))::int AS "tasks_with_vendor_charges"`;

/**
 * Spare parts and the cost of work completed in the period. A part is known by its name with case
 * and spaces folded; costs count only where a unit cost was recorded, and labour only where hours
 * were (the reports service prices hours).
 */
@Injectable()
export class CostReportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async parts(scope: ReportScope, owner: TaskOwner): Promise<SparePartsFigures> {
    const sql = new ReportSql(scope);
    const [answer] = (await this.dataSource.query(
      `WITH ${partUses(sql, owner)}
       SELECT
         (SELECT json_build_object(
                   'uses', count(*), 'quantity', COALESCE(sum(u."quantity"), 0), 'distinct_parts', count(DISTINCT u."key"),
                   'tasks', count(DISTINCT u."task_id"), 'devices', count(DISTINCT u."equipment_id"),
                   'known_cost', sum(u."quantity" * u."unit_cost")::float8,
                   'uses_without_cost', count(*) FILTER (WHERE u."unit_cost" IS NULL))
            FROM uses u) AS "total",
         (SELECT json_agg(x ORDER BY x."quantity" DESC, x."uses" DESC, x."key") FROM (
            SELECT * FROM parts ORDER BY "quantity" DESC, "uses" DESC, "key" LIMIT ${sql.bind(TOP_PARTS)}) x) AS "top",
         (SELECT json_agg(d ORDER BY d."name") FROM (
            SELECT u."department" AS "name", sum(u."quantity")::int AS "quantity", count(*)::int AS "uses",
                   count(DISTINCT u."task_id")::int AS "tasks", sum(u."quantity" * u."unit_cost")::float8 AS "known_cost",
                   (count(*) FILTER (WHERE u."unit_cost" IS NULL))::int AS "uses_without_cost"
              FROM uses u GROUP BY u."department") d) AS "by_department"`,
      sql.params,
    )) as [PartsJson];
    const { total } = answer;
    return {
      uses: total.uses,
      quantity: total.quantity,
      distinctParts: total.distinct_parts,
      tasks: total.tasks,
      devices: total.devices,
      knownCost: money(total.known_cost),
      usesWithoutCost: total.uses_without_cost,
      top: (answer.top ?? []).map(partRow),
      byDepartment: (answer.by_department ?? [])
        .map((row) => ({
          name: row.name,
          quantity: row.quantity,
          uses: row.uses,
          tasks: row.tasks,
          knownCost: money(row.known_cost),
          usesWithoutCost: row.uses_without_cost,
        }))
        .sort(byName),
    };
  }

  /** Every part used, by its folded name. */
  partRows(scope: ReportScope, owner: TaskOwner, page: PageRequest): Promise<ReportRowsPage<SparePartRow>> {
    const sql = new ReportSql(scope);
    return keysetPage<PartJson, SparePartRow>(
      this.dataSource,
      sql,
      `WITH ${partUses(sql, owner)}, list AS (SELECT * FROM parts)`,
      BY_PART,
      page,
      partRow,
    );
  }

  /** `priced`: whether the reader reads costs (labour is priced for them only). */
  async costs(scope: ReportScope, owner: TaskOwner, priced: boolean): Promise<CostFigures> {
    const sql = new ReportSql(scope);
    const currency = await hospitalCurrency(this.dataSource);
    const rows = (await this.dataSource.query(
      `WITH ${completedWork(sql, owner)}
       SELECT w."equipment_department" AS "department", w."equipment_category" AS "category",
              CASE WHEN GROUPING(w."equipment_department") = 0 THEN 'department'
                   WHEN GROUPING(w."equipment_category") = 0 THEN 'category' ELSE 'all' END AS "by",
              ${COST_SUMS}
         FROM work w
        GROUP BY GROUPING SETS ((), (w."equipment_department"), (w."equipment_category"))`,
      sql.params,
    )) as CostGroupJson[];
    const of = (by: CostGroupJson['by']) => rows.filter((row) => row.by === by);
    const none: CostJson = {
      tasks: 0,
      parts_cost: null,
      part_uses_without_cost: 0,
      labour_hours: null,
      tasks_without_hours: 0,
      labour_cost: null,
      tasks_with_unpriced_hours: 0,
      vendor_cost: null,
      tasks_with_vendor_charges: 0,
    };
    return {
      currency,
      labourPriced: priced,
      total: costRow(of('all')[0] ?? none, priced),
      byDepartment: of('department')
        .map((row) => ({ name: row.department ?? '', ...costRow(row, priced) }))
        .sort(byName),
      byCategory: of('category')
        .map((row) => ({ name: row.category ?? '', ...costRow(row, priced) }))
        .sort(byName),
    };
  }

  /**
   * The work of the devices `ids` (a page of equipment's, for the cost of service ratio): each
   * device's labour, parts and vendors' charges of the work completed in the period, wherever the
   * device was then, and its repairs over the `REPLACEMENT_WINDOW_DAYS` ending with the period (the
   * replacement flag). Devices without work are left out.
   */
  async deviceServiceCosts(scope: ReportScope, ids: readonly string[]): Promise<DeviceServiceCosts> {
    if (ids.length === 0) return { rows: [] };
    const sql = new ReportSql(scope);
    const devices = sql.bind([...new Set(ids.map((id) => id.toLowerCase()))]);
    // The year to the period's end, or to today when the period runs on past it.
    const yearStart = `((LEAST(${sql.toDate}, ${sql.today}) + 1 - ${sql.bind(REPLACEMENT_WINDOW_DAYS)}::int)::timestamp AT TIME ZONE ${sql.zone})`;
    const inPeriod = `w."completed_date" >= ${sql.start}`;
    const rows = (await this.dataSource.query(
      `WITH ${pricedWork(
        sql,
        `t."equipment_id" = ANY(${devices}::uuid[])
         AND t."completed_date" >= LEAST(${sql.start}, ${yearStart}) AND t."completed_date" < ${sql.stop}`,
      )}
       SELECT w."equipment_id",
              (count(*) FILTER (WHERE ${inPeriod}))::int AS "tasks",
              (sum(w."labour_cost") FILTER (WHERE ${inPeriod}))::float8 AS "labour_cost",
              (sum(w."cost") FILTER (WHERE ${inPeriod}))::float8 AS "parts_cost",
              (sum(w."vendor_cost") FILTER (WHERE ${inPeriod}))::float8 AS "vendor_cost",
              (count(*) FILTER (WHERE ${inPeriod} AND w."labour_hours" IS NOT NULL AND w."labour_cost" IS NULL))::int
                AS "tasks_with_unpriced_hours",
              COALESCE(sum(COALESCE(w."labour_cost", 0) + COALESCE(w."cost", 0) + COALESCE(w."vendor_cost", 0))
                FILTER (WHERE w."task_type" = 'Repair' AND w."completed_date" >= ${yearStart}), 0)::float8
                AS "repair_cost_year"
         FROM work w GROUP BY w."equipment_id"`,
      sql.params,
    )) as ServiceCostJson[];
    return {
      rows: rows
        .filter((row) => row.tasks > 0 || row.repair_cost_year > 0)
        .map((row) => ({
          equipmentId: row.equipment_id,
          tasks: row.tasks,
          labourCost: money(row.labour_cost),
          partsCost: money(row.parts_cost),
          vendorCost: money(row.vendor_cost),
          tasksWithUnpricedHours: row.tasks_with_unpriced_hours,
          repairCostYear: money(row.repair_cost_year) ?? 0,
        })),
    };
  }

  /**
   * Each device's cost of work completed in the period, by name; the device is named as its most
   * recently completed task recorded it.
   */
  deviceCosts(
    scope: ReportScope,
    owner: TaskOwner,
    priced: boolean,
    page: PageRequest,
  ): Promise<ReportRowsPage<DeviceCostRow>> {
    const sql = new ReportSql(scope);
    const latest = (column: string) =>
      `(array_agg(w."${column}" ORDER BY w."completed_date" DESC, w."id"))[1]`;
    return keysetPage<DeviceCostJson, DeviceCostRow>(
      this.dataSource,
      sql,
      `WITH ${completedWork(sql, owner)},
       list AS (
         SELECT w."equipment_id" AS "id", ${latest('equipment_name')} AS "name",
                ${latest('equipment_serial')} AS "serial_number", ${latest('equipment_department')} AS "department",
                ${latest('equipment_category')} AS "category", ${COST_SUMS}
           FROM work w GROUP BY w."equipment_id")`,
      BY_NAME,
      page,
      (row) => ({
        equipmentId: row.id,
        name: row.name,
        serialNumber: row.serial_number,
        department: row.department,
        category: row.category,
        ...costRow(row, priced),
      }),
    );
  }
}
