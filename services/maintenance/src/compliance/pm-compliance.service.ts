import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ComplianceFigures,
  ComplianceListQuery,
  ComplianceQuery,
  OverduePmPage,
  PmComplianceResponse,
  PmInterval,
  RiskClass,
  TaskPriority,
  TaskStatus,
  UnplannedDevicesPage,
} from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { hospitalToday } from '../hospital-clock';
import {
  ComplianceCounts,
  figuresOf,
  type CompliancePlaces,
  type Outcome,
  type Scope,
} from './compliance-counts';
import { ComplianceAnswers } from './compliance-answers';
import { DeviceRiskReplica } from './device-risk.replica';

interface OverdueRow {
  id: string;
  plan_id: string;
  title: string;
  equipment_id: string;
  name: string;
  serial: string;
  department: string;
  category: string;
  due_date: string;
  days: number;
  status: TaskStatus;
  priority: TaskPriority;
  pm_interval: PmInterval | null;
  assigned_to_id: string | null;
  assigned_to_name: string | null;
  high_risk: boolean;
  life_support: boolean;
}

interface UnplannedRow {
  equipment_id: string;
  name: string;
  serial_number: string;
  department: string;
  category: string;
  risk_class: RiskClass | null;
  high_risk: boolean;
  life_support: boolean;
}

/** The first and last day of the month `today` is in. */
export function monthOf(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = today.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/** One department and one category (either '' for every one), as the Maintenance page asks. */
type Place = Pick<ComplianceQuery, 'department' | 'category'>;

/** The places of the Maintenance page's query (one department, one category, or every one). */
function placesOf(query: Place): CompliancePlaces {
  return {
    departments: query.department ? [query.department] : [],
    categories: query.category ? [query.category] : [],
  };
}

/**
 * Where compliance is counted from: the counts the writes keep (`ComplianceCounts`, what every
 * answer reads), or the occurrences and devices themselves, counted at each request (the
 * definition the kept counts are tested against, and what a report in another time zone reads).
 */
export type ComplianceSource = 'counts' | 'rows';

/** Overdue: an occurrence of a plan, not withdrawn, due before today, neither completed nor cancelled. */
const OVERDUE_FROM = `"maintenance"."tasks" t LEFT JOIN "maintenance"."device_risk" r ON r."equipment_id" = t."equipment_id"`;
const OVERDUE_WHERE = `t."plan_id" IS NOT NULL AND t."deleted_at" IS NULL AND t."due_date" < $1
      AND t."status" NOT IN ('Completed', 'Cancelled')
      AND ($2 = '' OR COALESCE(r."department", t."equipment_department") = $2)
      AND ($3 = '' OR COALESCE(r."category", t."equipment_category") = $3)
      AND ($4::uuid IS NULL OR t."assigned_to_id" = $4)`;
/** Without a plan: in the PM program, in use and in the inventory, with no active plan. */
const UNPLANNED_WHERE = `r."in_pm_program" AND NOT r."deleted" AND NOT r."retired"
      AND ($1 = '' OR r."department" = $1) AND ($2 = '' OR r."category" = $2)
      AND NOT EXISTS (SELECT 1 FROM "maintenance"."pm_plans" p WHERE p."equipment_id" = r."equipment_id" AND p."active")`;

const pagesOf = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/**
 * PM compliance (the counting rules are `ComplianceFigures`'s, in the contracts). Each occurrence
 * counts by its device's risk flags, department and category in the copy of the inventory's feed
 * (`DeviceRiskReplica`), or by the task's own record of its device when the copy does not know it;
 * a completion counts by its date in the hospital's time zone. The figures, the overdue total and
 * the number of devices without a plan come from the counts the writes keep; the two lists, a page
 * at a time, from indexes in their order; and each answer (the figures, a page of a list) is kept
 * until a write changes it (`ComplianceAnswers`).
 */
@Injectable()
export class PmComplianceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly risk: DeviceRiskReplica,
    private readonly counts: ComplianceCounts,
    private readonly answers: ComplianceAnswers,
  ) {}

  /**
   * The figures and the totals of the two lists. `assigneeId`: set for a Technician, whose overdue
   * total counts only their own work (the tasks assigned to them); the figures are the
   * department's for everyone.
   */
  async compliance(
    query: ComplianceQuery,
    assigneeId: string | null = null,
    now = new Date(),
    source: ComplianceSource = 'counts',
  ): Promise<PmComplianceResponse> {
    const today = hospitalToday(now);
    const month = monthOf(today);
    const from = query.from || month.from;
    const to = query.to || month.to;
    await this.risk.refresh();
    const zone = process.env['HOSPITAL_TIME_ZONE'] || 'UTC';
    const places = placesOf(query);
    const answer = async () => {
      const [figures, overdue, unplanned] = await Promise.all([
        this.figures({ from, to }, places, zone, today, source),
        this.overdueTotal(today, query, assigneeId, source),
        this.unplannedTotal(query, source),
      ]);
      return {
        from,
        to,
        today,
        department: query.department,
        category: query.category,
        ...figures,
        overdue: { total: overdue },
        unplanned: { total: unplanned },
      };
    };
    const key = JSON.stringify([
      'figures',
      from,
      to,
      query.department,
      query.category,
      assigneeId,
      today,
      zone,
    ]);
    const [kept, riskDataAsOf] = await Promise.all([
      source === 'counts' ? this.answers.get(key, answer) : answer(),
      this.risk.readAt(),
    ]);
    return { ...kept, riskDataAsOf };
  }

  /**
   * A page of the overdue occurrences (whatever their due date), earliest due first, with their
   * total. `assigneeId`: set for a Technician, who sees only their own work.
   */
  async overduePage(
    query: ComplianceListQuery,
    assigneeId: string | null = null,
    now = new Date(),
    source: ComplianceSource = 'counts',
  ): Promise<OverduePmPage> {
    const today = hospitalToday(now);
    await this.risk.refresh();
    const answer = async (): Promise<OverduePmPage> => {
      const [rows, total] = await Promise.all([
        this.dataSource.query(
          `SELECT t."id", t."plan_id", t."title", t."equipment_id", t."equipment_name" AS "name",
                  t."equipment_serial" AS "serial", t."equipment_department" AS "department",
                  t."equipment_category" AS "category", to_char(t."due_date", 'YYYY-MM-DD') AS "due_date",
                  ($1::date - t."due_date") AS "days", t."status", t."priority", t."pm_interval",
                  t."assigned_to_id", t."assigned_to_name",
                  COALESCE(r."high_risk", false) AS "high_risk", COALESCE(r."life_support", false) AS "life_support"
             FROM ${OVERDUE_FROM} WHERE ${OVERDUE_WHERE}
            ORDER BY t."due_date", t."id"
            LIMIT $5 OFFSET $6`,
          [today, query.department, query.category, assigneeId, query.limit, (query.page - 1) * query.limit],
        ) as Promise<OverdueRow[]>,
        this.overdueTotal(today, query, assigneeId, source),
      ]);
      return {
        items: rows.map((row) => ({
          taskId: row.id,
          planId: row.plan_id,
          title: row.title,
          equipment: {
            _id: row.equipment_id,
            name: row.name,
            serialNumber: row.serial,
            department: row.department,
            category: row.category,
          },
          dueDate: row.due_date,
          daysOverdue: row.days,
          status: row.status,
          priority: row.priority,
          interval: row.pm_interval,
          assignedTo: row.assigned_to_id
            ? { _id: row.assigned_to_id, name: row.assigned_to_name ?? '' }
            : null,
          highRisk: row.high_risk,
          lifeSupport: row.life_support,
        })),
        total,
        page: query.page,
        pages: pagesOf(total, query.limit),
        limit: query.limit,
        today,
      };
    };
    const key = JSON.stringify([
      'overdue',
      query.department,
      query.category,
      assigneeId,
      today,
      query.page,
      query.limit,
    ]);
    return source === 'counts' ? this.answers.get(key, answer) : answer();
  }

  /** A page of the devices of the PM program without an active plan, life support first, with their total. */
  async unplannedPage(
    query: ComplianceListQuery,
    source: ComplianceSource = 'counts',
  ): Promise<UnplannedDevicesPage> {
    await this.risk.refresh();
    const answer = async (): Promise<UnplannedDevicesPage> => {
      const [rows, total] = await Promise.all([
        this.dataSource.query(
          `SELECT r."equipment_id", r."name", r."serial_number", r."department", r."category", r."risk_class",
                  r."high_risk", r."life_support"
             FROM "maintenance"."device_risk" r WHERE ${UNPLANNED_WHERE}
            ORDER BY r."life_support" DESC, r."high_risk" DESC, r."name", r."equipment_id"
            LIMIT $3 OFFSET $4`,
          [query.department, query.category, query.limit, (query.page - 1) * query.limit],
        ) as Promise<UnplannedRow[]>,
        this.unplannedTotal(query, source),
      ]);
      return {
        items: rows.map((row) => ({
          equipmentId: row.equipment_id,
          name: row.name,
          serialNumber: row.serial_number,
          department: row.department,
          category: row.category,
          riskClass: row.risk_class,
          highRisk: row.high_risk,
          lifeSupport: row.life_support,
        })),
        total,
        page: query.page,
        pages: pagesOf(total, query.limit),
        limit: query.limit,
      };
    };
    const key = JSON.stringify(['unplanned', query.department, query.category, query.page, query.limit]);
    return source === 'counts' ? this.answers.get(key, answer) : answer();
  }

  /**
   * The figures for a caller other than the Maintenance page (the reports' work mix), with the copy
   * of the inventory caught up first, as for the page: one definition of on time for both.
   */
  async figuresOver(
    period: { from: string; to: string },
    places: CompliancePlaces,
    zone: string,
    today: string,
    source: ComplianceSource = 'counts',
  ): Promise<Record<Scope, ComplianceFigures>> {
    await this.risk.refresh();
    return this.figures(period, places, zone, today, source);
  }

  /**
   * The figures of the occurrences due from `from` to `to` as of `today` (a completion counting by
   * its date in `zone`) per scope, in the listed places (an empty list keeps every department or
   * category): from the kept counts when they were made in `zone`, else from the rows.
   */
  private async figures(
    period: { from: string; to: string },
    places: CompliancePlaces,
    zone: string,
    today: string,
    source: ComplianceSource,
  ): Promise<Record<Scope, ComplianceFigures>> {
    const kept = source === 'counts' ? await this.counts.figures(period, places, zone, today) : null;
    return kept ?? this.figuresFromRows(period, places, zone, today);
  }

  /** One statement judges each occurrence due in the period and counts them per scope. */
  private async figuresFromRows(
    period: { from: string; to: string },
    places: CompliancePlaces,
    zone: string,
    today: string,
  ): Promise<Record<Scope, ComplianceFigures>> {
    const counts = (await this.dataSource.query(
      `WITH judged AS (
         SELECT r."high_risk", r."life_support",
           CASE
             WHEN t."status" = 'Completed' AND (t."completed_date" AT TIME ZONE $5)::date <= t."due_date" THEN 'onTime'
             WHEN t."status" = 'Completed' THEN 'late'
             WHEN t."status" = 'Cancelled' OR t."due_date" < $6 THEN 'missed'
             ELSE 'pending'
           END AS "outcome"
         FROM "maintenance"."tasks" t
         LEFT JOIN "maintenance"."device_risk" r ON r."equipment_id" = t."equipment_id"
         WHERE t."plan_id" IS NOT NULL AND t."deleted_at" IS NULL AND t."due_date" BETWEEN $1 AND $2
           AND (cardinality($3::text[]) = 0 OR COALESCE(r."department", t."equipment_department") = ANY($3::text[]))
           AND (cardinality($4::text[]) = 0 OR COALESCE(r."category", t."equipment_category") = ANY($4::text[])))
       SELECT "outcome", count(*)::int AS "overall",
              (count(*) FILTER (WHERE "high_risk"))::int AS "highRisk",
              (count(*) FILTER (WHERE "life_support"))::int AS "lifeSupport"
         FROM judged GROUP BY "outcome"`,
      [period.from, period.to, places.departments, places.categories, zone, today],
    )) as ({ outcome: Outcome } & Record<Scope, number>)[];
    const of = (scope: Scope) =>
      figuresOf(Object.fromEntries(counts.map((row) => [row.outcome, row[scope]])));
    return { overall: of('overall'), highRisk: of('highRisk'), lifeSupport: of('lifeSupport') };
  }

  /**
   * How many occurrences are overdue in the place: from the kept counts, or for a Technician (the
   * counts are not kept by assignee) and for `rows` from the tasks themselves.
   */
  private async overdueTotal(
    today: string,
    place: Place,
    assigneeId: string | null,
    source: ComplianceSource,
  ): Promise<number> {
    if (source === 'counts' && assigneeId === null) return this.counts.overdue(placesOf(place), today);
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM ${OVERDUE_FROM} WHERE ${OVERDUE_WHERE}`,
      [today, place.department, place.category, assigneeId],
    )) as [{ total: number }];
    return row.total;
  }

  /** How many devices of the place are in the PM program without an active plan. */
  private async unplannedTotal(place: Place, source: ComplianceSource): Promise<number> {
    if (source === 'counts') return this.counts.unplanned(placesOf(place));
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM "maintenance"."device_risk" r WHERE ${UNPLANNED_WHERE}`,
      [place.department, place.category],
    )) as [{ total: number }];
    return row.total;
  }
}
