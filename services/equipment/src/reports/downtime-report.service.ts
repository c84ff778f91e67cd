import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DeviceDowntimeRow,
  DowntimeFigures,
  DowntimeStats,
  ReportRowsPage,
  ReportScope,
} from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { EQUIPMENT_SCHEMA } from '../database';
import {
  cursorAfter,
  cursorOf,
  hours,
  ReportSql,
  type KeysetOrder,
  type PageRequest,
} from '@caliber/service-kit';

/** How many devices the "worst" list names. */
const WORST_DEVICES = 10;

/** A device's (or a group's) sums over the period, before the derived figures. */
interface DowntimeSums {
  devices: number;
  observed: number;
  down: number;
  failures: number;
  repairs: number;
  repair_hours: number;
}

interface DeviceJson extends DowntimeSums, Record<string, unknown> {
  id: string;
  name: string;
  serial_number: string;
  department: string;
  category: string;
}

interface GroupJson extends DowntimeSums {
  department: string | null;
  category: string | null;
  by_department: boolean;
  by_category: boolean;
}

interface MonthJson {
  department: string;
  month: string;
  down: number;
}

const BY_NAME: KeysetOrder = { columns: ['name', 'id'], types: ['text', 'uuid'] };

/** The contract's figures from the sums: rates and means from the unrounded hours, null where undefined. */
export function statsOf(sums: DowntimeSums): DowntimeStats {
  const up = sums.observed - sums.down;
  return {
    devices: sums.devices,
    observedHours: hours(sums.observed),
    downtimeHours: hours(sums.down),
    uptime: sums.observed > 0 ? 1 - sums.down / sums.observed : null,
    failures: sums.failures,
    repairs: sums.repairs,
    mttrHours: sums.repairs > 0 ? hours(sums.repair_hours / sums.repairs) : null,
    mtbfHours: sums.failures > 0 ? hours(up / sums.failures) : null,
  };
}

function deviceRow(row: DeviceJson): DeviceDowntimeRow {
  return {
    equipmentId: row.id,
    name: row.name,
    serialNumber: row.serial_number,
    department: row.department,
    category: row.category,
    ...statsOf({ ...row, devices: 1 }),
  };
}

/**
 * The CTEs every downtime answer starts from, ending with `per_device`: one row per device of the
 * scope's places observed in the period (or with a failure or repair in it), with its sums.
 *
 * - The status history holds every status from the item's first insert, so each row is a stretch
 *   from its change to the next (`lead`); before its first row the device did not exist. A deleted
 *   device existed until it was deleted, so its stretches end there.
 * - A down spell is a run of down rows (Unserviceable and Under Maintenance follow each other within
 *   one spell): rows are numbered into islands by the count of rows up to them that are not down, and
 *   a spell began at its island's first down row. A spell is a repair where a Serviceable row follows
 *   it; its whole length counts, however long before the period it began, so every row of the device
 *   up to the period's end is read.
 * - Each stretch is clipped to the period (and the deletion) for the hours.
 *
 * `window` ends the devices' statement (a further condition, an order and a limit) to compute only
 * some devices' figures.
 */
function downtimeCtes(sql: ReportSql, window = ''): string {
  const history = `"${EQUIPMENT_SCHEMA}"."status_history"`;
  return `WITH period AS (SELECT ${sql.start} AS "start", ${sql.stop} AS "stop"),
    devices AS (
      SELECT e."id", e."name", e."serial_number", e."department", e."category",
             COALESCE(e."deleted_at", 'infinity'::timestamptz) AS "gone_at"
        FROM "${EQUIPMENT_SCHEMA}"."equipment" e, period p
       WHERE ${sql.places('e."department"', 'e."category"')}
         AND (e."deleted_at" IS NULL OR e."deleted_at" > p."start") ${window}),
    stretches AS (
      SELECT h."equipment_id", h."id", h."to_status" AS "status", h."changed_at" AS "since",
             lead(h."changed_at", 1, 'infinity'::timestamptz) OVER w AS "until",
             lag(h."to_status") OVER w AS "previous",
             h."to_status" IN ('Unserviceable', 'Under Maintenance') AS "down"
        FROM ${history} h JOIN devices d ON d."id" = h."equipment_id", period p
       WHERE h."changed_at" < p."stop"
      WINDOW w AS (PARTITION BY h."equipment_id" ORDER BY h."changed_at", h."id")),
    islands AS (
      SELECT s.*, sum(CASE WHEN s."down" THEN 0 ELSE 1 END)
                    OVER (PARTITION BY s."equipment_id" ORDER BY s."since", s."id") AS "island"
        FROM stretches s),
    spells AS (
      SELECT i.*, min(i."since") FILTER (WHERE i."down")
                    OVER (PARTITION BY i."equipment_id", i."island") AS "spell_began"
        FROM islands i),
    marked AS (
      SELECT s.*, lag(s."spell_began") OVER (PARTITION BY s."equipment_id" ORDER BY s."since", s."id") AS "repaired_spell_began",
             GREATEST(s."since", p."start") AS "part_from",
             LEAST(s."until", p."stop", d."gone_at") AS "part_to",
             s."since" >= p."start" AND s."since" < d."gone_at" AS "in_period"
        FROM spells s JOIN devices d ON d."id" = s."equipment_id", period p),
    parts AS (
      SELECT m.*, GREATEST(extract(epoch FROM m."part_to" - m."part_from")::float8, 0) / 3600 AS "hours",
             m."status" = 'Serviceable' AND m."previous" IN ('Unserviceable', 'Under Maintenance') AS "repair"
        FROM marked m),
    per_device AS (
      SELECT d."id", d."name", d."serial_number", d."department", d."category", 1 AS "devices",
             COALESCE(sum(x."hours") FILTER (WHERE x."status" NOT IN ('Decommissioned', 'Auctioned')), 0) AS "observed",
             COALESCE(sum(x."hours") FILTER (WHERE x."down"), 0) AS "down",
             (count(*) FILTER (WHERE x."in_period" AND x."down" AND x."previous" = 'Serviceable'))::int AS "failures",
             (count(*) FILTER (WHERE x."in_period" AND x."repair"))::int AS "repairs",
             COALESCE(sum(extract(epoch FROM x."since" - x."repaired_spell_began")::float8 / 3600)
                        FILTER (WHERE x."in_period" AND x."repair"), 0) AS "repair_hours"
        FROM devices d JOIN parts x ON x."equipment_id" = d."id"
       GROUP BY d."id", d."name", d."serial_number", d."department", d."category"
      HAVING COALESCE(sum(x."hours") FILTER (WHERE x."status" NOT IN ('Decommissioned', 'Auctioned')), 0) > 0
          OR count(*) FILTER (WHERE x."in_period" AND (x."repair" OR (x."down" AND x."previous" = 'Serviceable'))) > 0)`;
}

/** Availability of the devices over the period, from their status history (see `DowntimeStats`). */
@Injectable()
export class DowntimeReportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async figures(scope: ReportScope): Promise<DowntimeFigures> {
    const sql = new ReportSql(scope);
    // The whole inventory's group is there even when no device is: its sums are then zero.
    const sums = `count(*)::int AS "devices", COALESCE(sum("observed"), 0) AS "observed",
                  COALESCE(sum("down"), 0) AS "down", COALESCE(sum("failures"), 0)::int AS "failures",
                  COALESCE(sum("repairs"), 0)::int AS "repairs", COALESCE(sum("repair_hours"), 0) AS "repair_hours"`;
    const [answer] = (await this.dataSource.query(
      `${downtimeCtes(sql)},
       months AS (
         SELECT to_char(m, 'YYYY-MM') AS "month",
                GREATEST(m AT TIME ZONE ${sql.zone}, p."start") AS "month_from",
                LEAST((m + interval '1 month') AT TIME ZONE ${sql.zone}, p."stop") AS "month_to"
           FROM period p,
                generate_series(date_trunc('month', ${sql.fromDate}::timestamp), ${sql.toDate}::timestamp, interval '1 month') AS m)
       SELECT
         (SELECT json_agg(g) FROM (
            SELECT "department", "category", GROUPING("department") = 0 AS "by_department",
                   GROUPING("category") = 0 AS "by_category", ${sums}
              FROM per_device GROUP BY GROUPING SETS ((), ("department"), ("category"))) g) AS "groups",
         (SELECT json_agg(w ORDER BY w."down" DESC, w."failures" DESC, w."name", w."id") FROM (
            SELECT * FROM per_device WHERE "down" > 0 OR "failures" > 0
             ORDER BY "down" DESC, "failures" DESC, "name", "id" LIMIT ${sql.bind(WORST_DEVICES)}) w) AS "worst",
         (SELECT json_agg(c ORDER BY c."department", c."month") FROM (
            SELECT d."department", mo."month",
                   sum(extract(epoch FROM LEAST(x."part_to", mo."month_to") - GREATEST(x."part_from", mo."month_from"))::float8) / 3600 AS "down"
              FROM parts x JOIN per_device d ON d."id" = x."equipment_id"
              JOIN months mo ON x."part_from" < mo."month_to" AND x."part_to" > mo."month_from"
             WHERE x."down"
             GROUP BY d."department", mo."month") c) AS "months"`,
      sql.params,
    )) as [{ groups: GroupJson[] | null; worst: DeviceJson[] | null; months: MonthJson[] | null }];
    const groups = answer.groups ?? [];
    const overall = groups.find((group) => !group.by_department && !group.by_category);
    const named = (key: 'department' | 'category') =>
      groups
        .filter((group) => (key === 'department' ? group.by_department : group.by_category))
        .map((group) => ({ name: group[key] ?? '', ...statsOf(group) }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return {
      total: statsOf(
        overall ?? { devices: 0, observed: 0, down: 0, failures: 0, repairs: 0, repair_hours: 0 },
      ),
      byDepartment: named('department'),
      byCategory: named('category'),
      worst: (answer.worst ?? []).map(deviceRow),
      // Only the months with downtime: a heat map's other cells are zero.
      byDepartmentMonth: (answer.months ?? [])
        .filter((cell) => hours(cell.down) > 0)
        .map((cell) => ({ department: cell.department, month: cell.month, downtimeHours: hours(cell.down) })),
    };
  }

  /**
   * Every device's figures, by name. Each page computes only its own devices: the next `limit`
   * devices of the scope by name, of which those observed in the period (or failed or repaired in
   * it) are the page's rows. A page may so hold fewer rows than asked, or none, and still say where
   * the next starts: paging the finished list instead would compute every device's figures for
   * each page, and a year of a large inventory's history takes about a second.
   */
  async devices(scope: ReportScope, page: PageRequest): Promise<ReportRowsPage<DeviceDowntimeRow>> {
    const sql = new ReportSql(scope);
    const cursor = cursorOf(page.after, BY_NAME);
    const after = cursor
      ? `AND (e."name", e."id") > (${sql.bind(cursor[0])}::text, ${sql.bind(cursor[1])}::uuid)`
      : '';
    const window = `${after} ORDER BY e."name", e."id" LIMIT ${sql.bind(page.limit)}`;
    const [[answer], total] = await Promise.all([
      this.dataSource.query(
        `${downtimeCtes(sql, window)}
         SELECT (SELECT count(*)::int FROM devices) AS "window",
                (SELECT json_build_object('name', d."name", 'id', d."id") FROM devices d
                  ORDER BY d."name" DESC, d."id" DESC LIMIT 1) AS "last",
                COALESCE((SELECT json_agg(x ORDER BY x."name", x."id") FROM per_device x), '[]'::json) AS "rows"`,
        sql.params,
      ) as Promise<[{ window: number; last: { name: string; id: string } | null; rows: DeviceJson[] }]>,
      // Only the first page counts the list (see `ReportRowsPage.total`).
      cursor ? null : this.countDevices(scope),
    ]);
    return {
      rows: answer.rows.map(deviceRow),
      // A full window may have devices after it; a short one was the last.
      next: answer.window === page.limit && answer.last ? cursorAfter(answer.last, BY_NAME) : null,
      total,
    };
  }

  private async countDevices(scope: ReportScope): Promise<number> {
    const sql = new ReportSql(scope);
    const [answer] = (await this.dataSource.query(
      `${downtimeCtes(sql)} SELECT count(*)::int AS "total" FROM per_device`,
      sql.params,
    )) as [{ total: number }];
    return answer.total;
  }
}
