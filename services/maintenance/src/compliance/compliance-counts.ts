import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ComplianceFigures } from '@caliber/contracts';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { MAINTENANCE_CONFIG, type MaintenanceConfig } from '../config';
import { addDays } from '../hospital-clock';
import { LOGGER } from '../tokens';
import { COMPLIANCE_KEPT_MS } from './compliance-answers';

/** The figures' three scopes: every occurrence, those of high-risk devices, of life-support ones. */
export type Scope = 'overall' | 'highRisk' | 'lifeSupport';
export type Outcome = 'onTime' | 'late' | 'missed' | 'pending';

/** Where occurrences count: department and category names (an empty list keeps every one). */
export interface CompliancePlaces {
  departments: readonly string[];
  categories: readonly string[];
}

/** A run of due dates read from one kind of count row: whole calendar months, or single days. */
export interface CountSpan {
  month: boolean;
  /** The first and last day (`month`: the first day of the first and last month). */
  from: string;
  to: string;
}

/** How often each replica merges the rows the writes added (each write adds its own). */
const MERGE_EVERY_MS = 60_000;
/**
 * How many rounds a reading of the oldest running transaction waits before the notes of the
 * transactions finished before it are deleted: longer than a replica keeps an answer
 * (`COMPLIANCE_KEPT_MS`), so no replica still holds a snapshot that has not seen them.
 */
const PRUNE_AFTER_ROUNDS = Math.ceil(COMPLIANCE_KEPT_MS / MERGE_EVERY_MS) + 1;

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;

/** The last day of the month `date` is in. */
function lastOfMonth(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * `from`..`to` as the count rows that cover it: each calendar month it holds whole, as one month
 * row, except the month of `today` (whose open occurrences become missed or pending at today);
 * every other day as a day row. Runs of months or of days are merged.
 */
export function countSpans(from: string, to: string, today: string): CountSpan[] {
  const spans: CountSpan[] = [];
  const add = (month: boolean, first: string, last: string) => {
    const previous = spans.at(-1);
    const follows =
      previous?.month === month && (month ? addMonths(previous.to, 1) : addDays(previous.to, 1)) === first;
    if (previous && follows) previous.to = last;
    else spans.push({ month, from: first, to: last });
  };
  for (let month = firstOfMonth(from); month <= to; month = addMonths(month, 1)) {
    const last = lastOfMonth(month);
    const whole = month >= from && last <= to && !(month <= today && today <= last);
    if (whole) add(true, month, month);
    else add(false, month < from ? from : month, last > to ? to : last);
  }
  return spans;
}

function addMonths(firstDay: string, months: number): string {
  const [year, month] = firstDay.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The counts' level and place filters as bound values (a level not by a place matches ''). */
function placeParams(places: CompliancePlaces): [boolean, boolean, string[], string[]] {
  const byDepartment = places.departments.length > 0;
  const byCategory = places.categories.length > 0;
  return [
    byDepartment,
    byCategory,
    byDepartment ? [...places.departments] : [''],
    byCategory ? [...places.categories] : [''],
  ];
}

const AT_LEVEL = (first: number) => `c."by_department" = $${first} AND c."by_category" = $${first + 1}
     AND c."department" = ANY($${first + 2}::text[]) AND c."category" = ANY($${first + 3}::text[])`;

/** The rate as the contract defines it: on time over what had to be done by today. */
export function figuresOf(counts: Partial<Record<Outcome, number>>): ComplianceFigures {
  const onTime = counts.onTime ?? 0;
  const late = counts.late ?? 0;
  const missed = counts.missed ?? 0;
  const pending = counts.pending ?? 0;
  const due = onTime + late + missed + pending;
  const owed = due - pending;
  return { due, onTime, late, missed, pending, rate: owed === 0 ? null : onTime / owed };
}

interface CountRow {
  time_zone: string;
  state: 'onTime' | 'late' | 'cancelled' | 'open' | null;
  past: boolean | null;
  overall: number | null;
  high_risk: number | null;
  life_support: number | null;
}

/**
 * The PM compliance counts kept by the writes (the `PmComplianceCounts` migration): the figures
 * of any period, the overdue total and the devices without a plan, each from a few hundred rows.
 * Each replica merges the rows the writes added every minute; when it starts, it rebuilds the
 * counts if they were made in another time zone than its own.
 */
@Injectable()
export class ComplianceCounts implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  /** The oldest running transaction at each of the last rounds, oldest first (see `prune`). */
  private readonly horizons: string[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MAINTENANCE_CONFIG) private readonly config: MaintenanceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.useZone(this.config.timeZone);
    this.timer = setInterval(() => void this.tidyQuietly(), MERGE_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Counts in `timeZone` from now on: rebuilt from the rows if they were counted in another. */
  async useZone(timeZone: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT "time_zone" FROM "maintenance"."pm_compliance_zone" FOR UPDATE`,
      )) as [{ time_zone: string }];
      if (row.time_zone === timeZone) return;
      this.logger.info(
        { from: row.time_zone, to: timeZone },
        'PM compliance counts were made in another time zone: counting again',
      );
      await manager.query(`UPDATE "maintenance"."pm_compliance_zone" SET "time_zone" = $1`, [timeZone]);
      await manager.query(`SELECT "maintenance"."pm_compliance_rebuild"()`);
    });
  }

  /**
   * The figures of the occurrences due from `from` to `to`, as of `today`, with completions read in
   * `zone`; null when the counts were made in another zone (the caller counts the rows instead).
   */
  async figures(
    period: { from: string; to: string },
    places: CompliancePlaces,
    zone: string,
    today: string,
  ): Promise<Record<Scope, ComplianceFigures> | null> {
    const spans = countSpans(period.from, period.to, today);
    const rows = (await this.dataSource.query(
      `SELECT z."time_zone", f.* FROM "maintenance"."pm_compliance_zone" z
       LEFT JOIN LATERAL (
         SELECT c."state", CASE WHEN c."month" THEN c."starts" < $4::date ELSE c."starts" < $5::date END AS "past",
                sum(c."occurrences")::int AS "overall", sum(c."high_risk")::int AS "high_risk",
                sum(c."life_support")::int AS "life_support"
           FROM unnest($1::boolean[], $2::date[], $3::date[]) AS s("month", "from", "to")
           JOIN "maintenance"."pm_compliance_counts" c
             ON c."month" = s."month" AND c."starts" BETWEEN s."from" AND s."to"
          WHERE ${AT_LEVEL(6)}
          GROUP BY 1, 2) f ON true`,
      [
        spans.map((span) => span.month),
        spans.map((span) => span.from),
        spans.map((span) => span.to),
        firstOfMonth(today),
        today,
        ...placeParams(places),
      ],
    )) as CountRow[];
    if (rows[0]?.time_zone !== zone) return null;
    const tally: Record<Scope, Record<Outcome, number>> = {
      overall: { onTime: 0, late: 0, missed: 0, pending: 0 },
      highRisk: { onTime: 0, late: 0, missed: 0, pending: 0 },
      lifeSupport: { onTime: 0, late: 0, missed: 0, pending: 0 },
    };
    for (const row of rows) {
      if (row.state === null) continue;
      const outcome: Outcome =
        row.state === 'onTime' || row.state === 'late'
          ? row.state
          : row.state === 'cancelled' || row.past
            ? 'missed'
            : 'pending';
      tally.overall[outcome] += row.overall ?? 0;
      tally.highRisk[outcome] += row.high_risk ?? 0;
      tally.lifeSupport[outcome] += row.life_support ?? 0;
    }
    return {
      overall: figuresOf(tally.overall),
      highRisk: figuresOf(tally.highRisk),
      lifeSupport: figuresOf(tally.lifeSupport),
    };
  }

  /** How many occurrences are overdue in the places (open, due before `today`), whatever their due date. */
  async overdue(places: CompliancePlaces, today: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT COALESCE(sum(c."occurrences"), 0)::int AS "total" FROM "maintenance"."pm_compliance_counts" c
        WHERE ${AT_LEVEL(3)} AND c."state" = 'open'
          AND ((c."month" AND c."starts" < $1::date)
               OR (NOT c."month" AND c."starts" >= $1::date AND c."starts" < $2::date))`,
      [firstOfMonth(today), today, ...placeParams(places)],
    )) as [{ total: number }];
    return row.total;
  }

  /** How many devices of the places are in the PM program, in use, without an active plan. */
  async unplanned(places: CompliancePlaces): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT COALESCE(sum(c."devices"), 0)::int AS "total" FROM "maintenance"."pm_unplanned_counts" c
        WHERE ${AT_LEVEL(1)}`,
      placeParams(places),
    )) as [{ total: number }];
    return row.total;
  }

  /**
   * Merges the rows of each key the writes added since the last merge into one. Safe beside the
   * writes and another replica's merge: a row is counted once, in its own row or in the merged one.
   */
  async merge(): Promise<void> {
    const counts = `"month", "starts", "by_department", "by_category", "department", "category", "state"`;
    await this.dataSource.query(`
      WITH dirty AS (SELECT DISTINCT ${counts} FROM "maintenance"."pm_compliance_counts" WHERE NOT "merged"),
      gone AS (
        DELETE FROM "maintenance"."pm_compliance_counts" c USING dirty d
         WHERE (c."month", c."starts", c."by_department", c."by_category", c."department", c."category", c."state")
             = (d."month", d."starts", d."by_department", d."by_category", d."department", d."category", d."state")
        RETURNING c.*)
      INSERT INTO "maintenance"."pm_compliance_counts" (${counts}, "occurrences", "high_risk", "life_support", "merged")
      SELECT ${counts}, sum("occurrences"), sum("high_risk"), sum("life_support"), true FROM gone
       GROUP BY ${counts}
      HAVING sum("occurrences") <> 0 OR sum("high_risk") <> 0 OR sum("life_support") <> 0`);
    const places = `"by_department", "by_category", "department", "category"`;
    await this.dataSource.query(`
      WITH dirty AS (SELECT DISTINCT ${places} FROM "maintenance"."pm_unplanned_counts" WHERE NOT "merged"),
      gone AS (
        DELETE FROM "maintenance"."pm_unplanned_counts" c USING dirty d
         WHERE (c."by_department", c."by_category", c."department", c."category")
             = (d."by_department", d."by_category", d."department", d."category")
        RETURNING c.*)
      INSERT INTO "maintenance"."pm_unplanned_counts" (${places}, "devices", "merged")
      SELECT ${places}, sum("devices"), true FROM gone GROUP BY ${places} HAVING sum("devices") <> 0`);
  }

  /**
   * Deletes the notes of writes (`pm_compliance_writes`) of transactions that had finished
   * `PRUNE_AFTER_ROUNDS` rounds ago: every replica has taken a snapshot since, which saw them.
   */
  async prune(): Promise<void> {
    const [row] = (await this.dataSource.query(
      `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS "xmin"`,
    )) as [{ xmin: string }];
    this.horizons.push(row.xmin);
    if (this.horizons.length <= PRUNE_AFTER_ROUNDS) return;
    const horizon = this.horizons.shift();
    await this.dataSource.query(`DELETE FROM "maintenance"."pm_compliance_writes" WHERE "xid" < $1::xid8`, [
      horizon,
    ]);
  }

  private async tidyQuietly(): Promise<void> {
    try {
      await this.merge();
      await this.prune();
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'PM compliance counts not tidied; next round');
    }
  }
}
