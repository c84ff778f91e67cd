import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  EQUIPMENT_STATUSES,
  WARRANTY_WINDOW_DAYS,
  type EquipmentStatus,
  type EquipmentStatusFigures,
  type ExpiringWarrantyRow,
  type InventoryRiskRow,
  type NotServiceableDeviceRow,
  type ReportRowsPage,
  type ReportScope,
  type RiskClass,
  type StatusCounts,
} from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { EQUIPMENT_SCHEMA } from '../database';
import { isoOf, keysetPage, ReportSql, type KeysetOrder, type PageRequest } from '@caliber/service-kit';

const ITEMS = `"${EQUIPMENT_SCHEMA}"."equipment"`;
const HISTORY = `"${EQUIPMENT_SCHEMA}"."status_history"`;
/** Retired for good: a warranty on such a device calls for nothing, so none is listed as expiring. */
const RETIRED = `('Decommissioned', 'Auctioned')`;

interface StatusCountRow {
  department: string | null;
  category: string | null;
  status: EquipmentStatus;
  by_department: boolean;
  by_category: boolean;
  count: number;
}

interface NotServiceableJson extends Record<string, unknown> {
  id: string;
  name: string;
  serial_number: string;
  department: string;
  category: string;
  status: EquipmentStatus;
  since: string;
  days: number;
}

interface WarrantyJson extends Record<string, unknown> {
  id: string;
  name: string;
  serial_number: string;
  manufacturer: string;
  department: string;
  category: string;
  warranty_expiry: string;
  days_left: number;
}

interface InventoryJson extends Record<string, unknown> {
  id: string;
  name: string;
  serial_number: string;
  manufacturer: string;
  model: string;
  department: string;
  category: string;
  status: EquipmentStatus;
  risk_class: RiskClass | null;
  risk_total: number | null;
  life_support: boolean;
  high_risk: boolean;
  in_pm_program: boolean;
}

const LONGEST_OUT_FIRST: KeysetOrder = { columns: ['since', 'id'], types: ['timestamptz', 'uuid'] };
const SOONEST_FIRST: KeysetOrder = { columns: ['warranty_expiry', 'id'], types: ['date', 'uuid'] };
const BY_NAME: KeysetOrder = { columns: ['name', 'id'], types: ['text', 'uuid'] };

export function noStatuses(): StatusCounts {
  return Object.fromEntries(EQUIPMENT_STATUSES.map((status) => [status, 0])) as StatusCounts;
}

/** Counts per group name, each with every status (zero where none), in name order. */
function grouped(rows: StatusCountRow[], key: 'department' | 'category') {
  const groups = new Map<string, { name: string; total: number; counts: StatusCounts }>();
  for (const row of rows) {
    const name = row[key] ?? '';
    const group = groups.get(name) ?? { name, total: 0, counts: noStatuses() };
    group.counts[row.status] += row.count;
    group.total += row.count;
    groups.set(name, group);
  }
  return [...groups.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * The inventory as it stands now (items not deleted, in the scope's places): counts by status,
 * the devices out of service, the warranties running out, and the risk register.
 */
@Injectable()
export class InventoryReportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async statusFigures(scope: ReportScope): Promise<EquipmentStatusFigures> {
    const counts = new ReportSql(scope);
    const warranties = new ReportSql(scope);
    const [rows, [expiring], [clock]] = (await Promise.all([
      this.dataSource.query(
        `SELECT e."department", e."category", e."status", count(*)::int AS "count",
                GROUPING(e."department") = 0 AS "by_department", GROUPING(e."category") = 0 AS "by_category"
           FROM ${ITEMS} e
          WHERE e."deleted_at" IS NULL AND ${counts.places('e."department"', 'e."category"')}
          GROUP BY GROUPING SETS ((e."status"), (e."department", e."status"), (e."category", e."status"))`,
        counts.params,
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS "count" FROM ${ITEMS} e WHERE ${this.expiringWhere(warranties)}`,
        warranties.params,
      ),
      this.dataSource.query(`SELECT now() AS "now"`),
    ])) as [StatusCountRow[], [{ count: number }], [{ now: Date }]];
    const overall = rows.filter((row) => !row.by_department && !row.by_category);
    const byStatus = noStatuses();
    for (const row of overall) byStatus[row.status] += row.count;
    const total = overall.reduce((sum, row) => sum + row.count, 0);
    return {
      asOf: clock.now.toISOString(),
      total,
      byStatus,
      byDepartment: grouped(
        rows.filter((row) => row.by_department),
        'department',
      ),
      byCategory: grouped(
        rows.filter((row) => row.by_category),
        'category',
      ),
      notServiceable: total - byStatus.Serviceable,
      warrantiesExpiring: expiring.count,
    };
  }

  /** Devices not Serviceable now, longest out first; "since" is their last status change. */
  notServiceable(scope: ReportScope, page: PageRequest): Promise<ReportRowsPage<NotServiceableDeviceRow>> {
    const sql = new ReportSql(scope);
    return keysetPage<NotServiceableJson, NotServiceableDeviceRow>(
      this.dataSource,
      sql,
      `WITH list AS (
         SELECT e."id", e."name", e."serial_number", e."department", e."category", e."status", s."since",
                ${sql.today} - (s."since" AT TIME ZONE ${sql.zone})::date AS "days"
           FROM ${ITEMS} e
           CROSS JOIN LATERAL (
             SELECT COALESCE(max(h."changed_at"), e."created_at") AS "since"
               FROM ${HISTORY} h WHERE h."equipment_id" = e."id") s
          WHERE e."deleted_at" IS NULL AND e."status" <> 'Serviceable'
            AND ${sql.places('e."department"', 'e."category"')})`,
      LONGEST_OUT_FIRST,
      page,
      (row) => ({
        equipmentId: row.id,
        name: row.name,
        serialNumber: row.serial_number,
        department: row.department,
        category: row.category,
        status: row.status,
        since: isoOf(row.since),
        days: row.days,
      }),
    );
  }

  /** Warranties ending from today to `WARRANTY_WINDOW_DAYS` ahead, soonest first. */
  warranties(scope: ReportScope, page: PageRequest): Promise<ReportRowsPage<ExpiringWarrantyRow>> {
    const sql = new ReportSql(scope);
    return keysetPage<WarrantyJson, ExpiringWarrantyRow>(
      this.dataSource,
      sql,
      `WITH list AS (
         SELECT e."id", e."name", e."serial_number", e."manufacturer", e."department", e."category",
                e."warranty_expiry", e."warranty_expiry" - ${sql.today} AS "days_left"
           FROM ${ITEMS} e
          WHERE ${this.expiringWhere(sql)})`,
      SOONEST_FIRST,
      page,
      (row) => ({
        equipmentId: row.id,
        name: row.name,
        serialNumber: row.serial_number,
        manufacturer: row.manufacturer,
        department: row.department,
        category: row.category,
        warrantyExpiry: row.warranty_expiry,
        daysLeft: row.days_left,
      }),
    );
  }

  /** Every device in the inventory with its risk assessment, by name. */
  inventory(scope: ReportScope, page: PageRequest): Promise<ReportRowsPage<InventoryRiskRow>> {
    const sql = new ReportSql(scope);
    return keysetPage<InventoryJson, InventoryRiskRow>(
      this.dataSource,
      sql,
      `WITH list AS (
         SELECT e."id", e."name", e."serial_number", e."manufacturer", e."model", e."department", e."category",
                e."status", e."risk_class", e."risk_total", e."life_support", e."high_risk", e."in_pm_program"
           FROM ${ITEMS} e
          WHERE e."deleted_at" IS NULL AND ${sql.places('e."department"', 'e."category"')})`,
      BY_NAME,
      page,
      (row) => ({
        equipmentId: row.id,
        name: row.name,
        serialNumber: row.serial_number,
        manufacturer: row.manufacturer,
        model: row.model,
        department: row.department,
        category: row.category,
        status: row.status,
        riskClass: row.risk_class,
        emNumber: row.risk_total,
        lifeSupport: row.life_support,
        highRisk: row.high_risk,
        inPmProgram: row.in_pm_program,
      }),
    );
  }

  private expiringWhere(sql: ReportSql): string {
    return `e."deleted_at" IS NULL AND e."status" NOT IN ${RETIRED}
        AND e."warranty_expiry" BETWEEN ${sql.today} AND ${sql.today} + ${sql.bind(WARRANTY_WINDOW_DAYS)}::int
        AND ${sql.places('e."department"', 'e."category"')}`;
  }
}
