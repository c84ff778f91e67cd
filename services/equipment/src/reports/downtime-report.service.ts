import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DeviceDowntimeRow,
  DowntimeFigures,
  DowntimeStats,
  ReportRowsPage,
  ReportScope,
} from '@caliber/contracts';
import type { EntityManager } from 'typeorm';
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

/** Microseconds since 1970 (UTC) of a timestamptz expression, exact. */
const micros = (expression: string) => `(extract(epoch FROM ${expression}) * 1000000)::bigint`;

/** Hours from a sum of microseconds, converted once, at the end: sums are exact until then. */
const hoursOf = (micro: string) => `(${micro})::float8 / 3600000000`;

/**
 * Where a downtime answer reads each device's stretches of status from:
 * - `spans`: `status_spans`, the stretches kept by the history's own writes (see the
 *   `StatusSpans` migration), only those that meet the period. What every report reads.
 * - `history`: the same stretches worked out from `status_history` at each request, with window
 *   functions over every row of each device up to the period's end. The definition the kept
 *   stretches are tested against; about 10 s of one core for a year of 50,000 devices.
 */
export type StretchSource = 'spans' | 'history';

/**
 * `stretches`: for each device of `devices`, its stretches that began before the period's end,
 * with `since_us`, `until_us` (null while it stands), `down`, `failure`, `repair` and
 * `spell_began_us` (see `status_spans`), and the device's `gone_us` (its deletion, if any).
 * `some`: only a page of devices is asked for, whose stretches are read device by device.
 */
function stretchesCte(source: StretchSource, some: boolean): string {
  const spans = `"${EQUIPMENT_SCHEMA}"."status_spans"`;
  const history = `"${EQUIPMENT_SCHEMA}"."status_history"`;
  // A stretch counts for its hours if it overlaps the period, for its failure or repair if it began
  // in it: nothing else is read.
  const meets = `s."since_us" < p."stop" AND (s."until_us" IS NULL OR s."until_us" > p."start" OR s."since_us" >= p."start")`;
  const columns = `s."equipment_id", s."status", s."since_us", s."until_us", s."down", s."failure", s."repair", s."spell_began_us"`;
  if (source === 'spans' && some)
    // A page's few hundred devices: each one's stretches from the index, not a pass over them all.
    return `stretches AS (
      SELECT ${columns}, d."gone_us"
        FROM devices d CROSS JOIN period p
        CROSS JOIN LATERAL (SELECT * FROM ${spans} s WHERE s."equipment_id" = d."id" AND ${meets}) s)`;
  if (source === 'spans')
    return `stretches AS (
      SELECT ${columns}, d."gone_us"
        FROM ${spans} s JOIN devices d ON d."id" = s."equipment_id", period p
       WHERE ${meets})`;
  // Each history row is a stretch from its change to the next (`lead`); a down spell is a run of
  // down rows (Unserviceable and Under Maintenance follow each other within one): rows are numbered
  // into islands by the count of rows up to them that are not down, and a spell began at its
  // island's first down row. A spell is a repair where a Serviceable row follows it; its whole
  // length counts, however long before the period it began, so every row of the device up to the
  // period's end is read.
  return `rows_until_stop AS (
      SELECT h."equipment_id", h."id", h."to_status" AS "status", h."changed_at" AS "since",
             lead(h."changed_at") OVER w AS "until",
             lag(h."to_status") OVER w AS "previous",
             h."to_status" IN ('Unserviceable', 'Under Maintenance') AS "down", d."gone_us"
        FROM ${history} h JOIN devices d ON d."id" = h."equipment_id", period p
       WHERE ${micros('h."changed_at"')} < p."stop"
      WINDOW w AS (PARTITION BY h."equipment_id" ORDER BY h."changed_at", h."id")),
    islands AS (
      SELECT r.*, sum(CASE WHEN r."down" THEN 0 ELSE 1 END)
                    OVER (PARTITION BY r."equipment_id" ORDER BY r."since", r."id") AS "island"
        FROM rows_until_stop r),
    spells AS (
      SELECT i.*, min(i."since") FILTER (WHERE i."down")
                    OVER (PARTITION BY i."equipment_id", i."island") AS "spell_began"
        FROM islands i),
    stretches AS (
      SELECT s."equipment_id", s."status", ${micros('s."since"')} AS "since_us", ${micros('s."until"')} AS "until_us",
             s."down", s."down" AND s."previous" = 'Serviceable' AS "failure",
             s."status" = 'Serviceable' AND s."previous" IN ('Unserviceable', 'Under Maintenance') AS "repair",
             ${micros(`lag(s."spell_began") OVER (PARTITION BY s."equipment_id" ORDER BY s."since", s."id")`)} AS "spell_began_us",
             s."gone_us"
        FROM spells s)`;
}

/**
 * The CTEs every downtime answer starts from, ending with `per_device`: one row per device of the
 * scope's places observed in the period (or with a failure or repair in it), with its sums in
 * microseconds (exact integers; hours only at the end).
 *
 * - The status history holds every status from the item's first insert, so each stretch lasts
 *   from its change to the next; before its first row the device did not exist. A deleted device
 *   existed until it was deleted, so its stretches end there.
 * - A failure is a down row right after a Serviceable one; a repair a Serviceable row right after a
 *   down one, and it lasted from the start of the spell it ended (however long before the period).
 *   Both count when they happened in the period (and before the deletion).
 * - Each stretch is clipped to the period (and the deletion) for the hours; observed hours leave out
 *   Decommissioned and Auctioned stretches.
 * - The sums are made by device id first, and the device's name and places joined after: grouping
 *   50,000 devices by five columns of text spilled to disk. `parts` is computed where it is read
 *   (the sums, the heat map's down hours) rather than kept: 200,000 rows kept spilled to disk too.
 *
 * `window` ends the devices' statement (a further condition, an order and a limit) to compute only
 * some devices' figures.
 */
function downtimeCtes(sql: ReportSql, source: StretchSource, window = ''): string {
  return `WITH period AS (SELECT ${micros(sql.start)} AS "start", ${micros(sql.stop)} AS "stop"),
    devices AS (
      SELECT e."id", e."name", e."serial_number", e."department", e."category",
             ${micros('e."deleted_at"')} AS "gone_us"
        FROM "${EQUIPMENT_SCHEMA}"."equipment" e, period p
       WHERE ${sql.places('e."department"', 'e."category"')}
         AND (e."deleted_at" IS NULL OR ${micros('e."deleted_at"')} > p."start") ${window}),
    ${stretchesCte(source, window !== '')},
    parts AS NOT MATERIALIZED (
      SELECT s.*, GREATEST(s."since_us", p."start") AS "part_from",
             LEAST(s."until_us", p."stop", s."gone_us") AS "part_to",
             s."since_us" >= p."start" AND (s."gone_us" IS NULL OR s."since_us" < s."gone_us") AS "in_period"
        FROM stretches s, period p),
    sums AS (
      SELECT x."equipment_id",
             COALESCE(sum(GREATEST(x."part_to" - x."part_from", 0)) FILTER (WHERE x."status" NOT IN ('Decommissioned', 'Auctioned')), 0) AS "observed_us",
             COALESCE(sum(GREATEST(x."part_to" - x."part_from", 0)) FILTER (WHERE x."down"), 0) AS "down_us",
             (count(*) FILTER (WHERE x."in_period" AND x."failure"))::int AS "failures",
             (count(*) FILTER (WHERE x."in_period" AND x."repair"))::int AS "repairs",
             COALESCE(sum(x."since_us" - x."spell_began_us") FILTER (WHERE x."in_period" AND x."repair"), 0) AS "repair_us"
        FROM parts x
       GROUP BY x."equipment_id"
      HAVING COALESCE(sum(GREATEST(x."part_to" - x."part_from", 0)) FILTER (WHERE x."status" NOT IN ('Decommissioned', 'Auctioned')), 0) > 0
          OR count(*) FILTER (WHERE x."in_period" AND (x."repair" OR x."failure")) > 0),
    per_device AS (
      SELECT d."id", d."name", d."serial_number", d."department", d."category", 1 AS "devices",
             x."observed_us", x."down_us", x."failures", x."repairs", x."repair_us"
        FROM sums x JOIN devices d ON d."id" = x."equipment_id")`;
}

/** A device's sums as hours, for JSON. */
const DEVICE_HOURS = `"id", "name", "serial_number", "department", "category", "failures", "repairs",
  ${hoursOf('"observed_us"')} AS "observed", ${hoursOf('"down_us"')} AS "down", ${hoursOf('"repair_us"')} AS "repair_hours"`;

/**
 * Availability of the devices over the period, from their stretches of status (see
 * `DowntimeStats`). Reports read the kept stretches; `source` is `history` only for the tests that
 * hold the kept stretches to the history's own answer.
 */
@Injectable()
export class DowntimeReportService {
  /** A data source, or a transaction's entity manager (one `now()` for several answers). */
  constructor(@InjectDataSource() private readonly dataSource: Pick<EntityManager, 'query'>) {}

  async figures(scope: ReportScope, source: StretchSource = 'spans'): Promise<DowntimeFigures> {
    const sql = new ReportSql(scope);
    // The whole inventory's group is there even when no device is: its sums are then zero.
    const sums = `count(*)::int AS "devices", ${hoursOf('COALESCE(sum("observed_us"), 0)')} AS "observed",
                  ${hoursOf('COALESCE(sum("down_us"), 0)')} AS "down", COALESCE(sum("failures"), 0)::int AS "failures",
                  COALESCE(sum("repairs"), 0)::int AS "repairs", ${hoursOf('COALESCE(sum("repair_us"), 0)')} AS "repair_hours"`;
    // The months' bounds are computed once, not for each stretch they are compared with.
    const [answer] = (await this.dataSource.query(
      `${downtimeCtes(sql, source)},
       months AS MATERIALIZED (
         SELECT to_char(m, 'YYYY-MM') AS "month",
                GREATEST(${micros(`m AT TIME ZONE ${sql.zone}`)}, p."start") AS "month_from",
                LEAST(${micros(`(m + interval '1 month') AT TIME ZONE ${sql.zone}`)}, p."stop") AS "month_to"
           FROM period p,
                generate_series(date_trunc('month', ${sql.fromDate}::timestamp), ${sql.toDate}::timestamp, interval '1 month') AS m)
       SELECT
         (SELECT json_agg(g) FROM (
            SELECT "department", "category", GROUPING("department") = 0 AS "by_department",
                   GROUPING("category") = 0 AS "by_category", ${sums}
              FROM per_device GROUP BY GROUPING SETS ((), ("department"), ("category"))) g) AS "groups",
         (SELECT json_agg(w ORDER BY w."down_us" DESC, w."failures" DESC, w."name", w."id") FROM (
            SELECT ${DEVICE_HOURS}, "down_us" FROM per_device WHERE "down_us" > 0 OR "failures" > 0
             ORDER BY "down_us" DESC, "failures" DESC, "name", "id" LIMIT ${sql.bind(WORST_DEVICES)}) w) AS "worst",
         (SELECT json_agg(c ORDER BY c."department", c."month") FROM (
            SELECT d."department", mo."month",
                   ${hoursOf(`sum(LEAST(x."part_to", mo."month_to") - GREATEST(x."part_from", mo."month_from"))`)} AS "down"
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
   * each page.
   */
  async devices(
    scope: ReportScope,
    page: PageRequest,
    source: StretchSource = 'spans',
  ): Promise<ReportRowsPage<DeviceDowntimeRow>> {
    const sql = new ReportSql(scope);
    const cursor = cursorOf(page.after, BY_NAME);
    const after = cursor
      ? `AND (e."name", e."id") > (${sql.bind(cursor[0])}::text, ${sql.bind(cursor[1])}::uuid)`
      : '';
    const window = `${after} ORDER BY e."name", e."id" LIMIT ${sql.bind(page.limit)}`;
    const [[answer], total] = await Promise.all([
      this.dataSource.query(
        `${downtimeCtes(sql, source, window)}
         SELECT (SELECT count(*)::int FROM devices) AS "window",
                (SELECT json_build_object('name', d."name", 'id', d."id") FROM devices d
                  ORDER BY d."name" DESC, d."id" DESC LIMIT 1) AS "last",
                COALESCE((SELECT json_agg(x ORDER BY x."name", x."id") FROM (SELECT ${DEVICE_HOURS} FROM per_device) x),
                         '[]'::json) AS "rows"`,
        sql.params,
      ) as Promise<[{ window: number; last: { name: string; id: string } | null; rows: DeviceJson[] }]>,
      // Only the first page counts the list (see `ReportRowsPage.total`).
      cursor ? null : this.countDevices(scope, source),
    ]);
    return {
      rows: answer.rows.map(deviceRow),
      // A full window may have devices after it; a short one was the last.
      next: answer.window === page.limit && answer.last ? cursorAfter(answer.last, BY_NAME) : null,
      total,
    };
  }

  private async countDevices(scope: ReportScope, source: StretchSource): Promise<number> {
    const sql = new ReportSql(scope);
    const [answer] = (await this.dataSource.query(
      `${downtimeCtes(sql, source)} SELECT count(*)::int AS "total" FROM per_device`,
      sql.params,
    )) as [{ total: number }];
    return answer.total;
  }
}
