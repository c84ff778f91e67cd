import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  calendarDateIn,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TYPES,
  type OverdueTaskRow,
  type ReportRowsPage,
  type ReportScope,
  type TaskFigures,
  type TaskPriority,
  type TaskStatus,
  type TaskType,
  type WorkMixCounts,
  type WorkMixFigures,
} from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { PmComplianceService } from '../compliance/pm-compliance.service';
import { hours, keysetPage, ReportSql, type KeysetOrder, type PageRequest } from '@caliber/service-kit';
import { completedIn, createdIn, HOURS_TO_COMPLETE, taskScope, TASKS, type TaskOwner } from './task-filter';

interface TaskFiguresJson {
  created: number;
  by_status: Partial<Record<TaskStatus, number>> | null;
  by_type: Partial<Record<TaskType, number>> | null;
  by_priority: Partial<Record<TaskPriority, number>> | null;
  completed: number;
  mean_hours: number | null;
  overdue: number;
  weekly: { week_start: string; created: number; completed: number }[];
}

interface OverdueJson extends Record<string, unknown> {
  id: string;
  title: string;
  task_type: TaskType;
  priority: TaskPriority;
  status: TaskStatus;
  equipment_name: string;
  equipment_serial: string;
  equipment_department: string;
  equipment_category: string;
  due_date: string;
  days: number;
  assigned_to_name: string | null;
}

interface MixJson extends WorkMixCounts {
  department: string | null;
  category: string | null;
  month: string | null;
  by: 'all' | 'department' | 'category' | 'month';
}

const EARLIEST_DUE_FIRST: KeysetOrder = { columns: ['due_date', 'id'], types: ['date', 'uuid'] };

/** Every value of a list with its count, zero where none. */
function countsOf<K extends string>(keys: readonly K[], counts: Partial<Record<K, number>> | null) {
  return Object.fromEntries(keys.map((key) => [key, counts?.[key] ?? 0])) as Record<K, number>;
}

/** The calendar months (`YYYY-MM`) from the month of `from` to the month of `to`. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    if (label > last) return months;
    months.push(label);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

function mixOf(row: WorkMixCounts | undefined): WorkMixCounts {
  return { preventive: row?.preventive ?? 0, corrective: row?.corrective ?? 0, other: row?.other ?? 0 };
}

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Tasks of the period, the overdue list, and the mix of preventive and corrective work. */
@Injectable()
export class TaskReportService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly compliance: PmComplianceService,
  ) {}

  async figures(scope: ReportScope, owner: TaskOwner): Promise<TaskFigures> {
    const sql = new ReportSql(scope);
    const tasks = `${TASKS} t WHERE ${taskScope(sql, owner)}`;
    const counted = (column: string) =>
      `(SELECT json_object_agg(k, n) FROM (SELECT t."${column}" AS k, count(*)::int AS n FROM ${tasks} AND ${createdIn(sql)} GROUP BY 1) x)`;
    const week = (column: string) => `date_trunc('week', t."${column}" AT TIME ZONE ${sql.zone})::date`;
    const [answer] = (await this.dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM ${tasks} AND ${createdIn(sql)}) AS "created",
         ${counted('status')} AS "by_status",
         ${counted('task_type')} AS "by_type",
         ${counted('priority')} AS "by_priority",
         (SELECT count(*)::int FROM ${tasks} AND ${completedIn(sql)}) AS "completed",
         (SELECT avg(${HOURS_TO_COMPLETE}) FROM ${tasks} AND ${completedIn(sql)}) AS "mean_hours",
         (SELECT count(*)::int FROM ${tasks}
             AND t."due_date" < ${sql.today} AND t."status" NOT IN ('Completed', 'Cancelled')) AS "overdue",
         (SELECT json_agg(json_build_object('week_start', to_char(w."start", 'YYYY-MM-DD'),
                                            'created', COALESCE(c."n", 0), 'completed', COALESCE(d."n", 0))
                          ORDER BY w."start")
            FROM generate_series(date_trunc('week', ${sql.fromDate}::timestamp), ${sql.toDate}::timestamp, interval '1 week') AS w("start")
            LEFT JOIN (SELECT ${week('created_at')} AS "week", count(*)::int AS "n"
                         FROM ${tasks} AND ${createdIn(sql)} GROUP BY 1) c ON c."week" = w."start"::date
            LEFT JOIN (SELECT ${week('completed_date')} AS "week", count(*)::int AS "n"
                         FROM ${tasks} AND ${completedIn(sql)} GROUP BY 1) d ON d."week" = w."start"::date) AS "weekly"`,
      sql.params,
    )) as [TaskFiguresJson];
    return {
      created: answer.created,
      byStatus: countsOf(TASK_STATUSES, answer.by_status),
      byType: countsOf(TASK_TYPES, answer.by_type),
      byPriority: countsOf(TASK_PRIORITIES, answer.by_priority),
      completed: answer.completed,
      meanHoursToComplete: answer.mean_hours === null ? null : hours(answer.mean_hours),
      overdue: answer.overdue,
      weekly: answer.weekly.map((row) => ({
        weekStart: row.week_start,
        created: row.created,
        completed: row.completed,
      })),
    };
  }

  /** Tasks overdue now (due date passed, neither completed nor cancelled), earliest due first. */
  overdue(scope: ReportScope, owner: TaskOwner, page: PageRequest): Promise<ReportRowsPage<OverdueTaskRow>> {
    const sql = new ReportSql(scope);
    return keysetPage<OverdueJson, OverdueTaskRow>(
      this.dataSource,
      sql,
      `WITH list AS (
         SELECT t."id", t."title", t."task_type", t."priority", t."status", t."equipment_name", t."equipment_serial",
                t."equipment_department", t."equipment_category", t."due_date",
                ${sql.today} - t."due_date" AS "days", t."assigned_to_name"
           FROM ${TASKS} t
          WHERE ${taskScope(sql, owner)} AND t."due_date" < ${sql.today}
            AND t."status" NOT IN ('Completed', 'Cancelled'))`,
      EARLIEST_DUE_FIRST,
      page,
      (row) => ({
        taskId: row.id,
        title: row.title,
        taskType: row.task_type,
        priority: row.priority,
        status: row.status,
        equipmentName: row.equipment_name,
        serialNumber: row.equipment_serial,
        department: row.equipment_department,
        category: row.equipment_category,
        dueDate: row.due_date,
        daysOverdue: row.days,
        assignedTo: row.assigned_to_name,
      }),
    );
  }

  /**
   * Work created in the period by kind, and the PM compliance of the period. The compliance is the
   * Maintenance page's figure for the same places (`PmComplianceService`), the same for everyone as
   * it is there; the counts of work are the owner's tasks like every task figure.
   */
  async workMix(scope: ReportScope, owner: TaskOwner): Promise<WorkMixFigures> {
    const sql = new ReportSql(scope);
    const [rows, pm] = await Promise.all([
      this.dataSource.query(
        `SELECT w."department", w."category", w."month",
                CASE WHEN GROUPING(w."department") = 0 THEN 'department'
                     WHEN GROUPING(w."category") = 0 THEN 'category'
                     WHEN GROUPING(w."month") = 0 THEN 'month' ELSE 'all' END AS "by",
                (count(*) FILTER (WHERE w."task_type" = 'Preventive'))::int AS "preventive",
                (count(*) FILTER (WHERE w."task_type" = 'Repair'))::int AS "corrective",
                (count(*) FILTER (WHERE w."task_type" NOT IN ('Preventive', 'Repair')))::int AS "other"
           FROM (SELECT t."equipment_department" AS "department", t."equipment_category" AS "category",
                        to_char(t."created_at" AT TIME ZONE ${sql.zone}, 'YYYY-MM') AS "month", t."task_type"
                   FROM ${TASKS} t
                  WHERE ${taskScope(sql, owner)} AND ${createdIn(sql)}) w
          GROUP BY GROUPING SETS ((), (w."department"), (w."category"), (w."month"))`,
        sql.params,
      ) as Promise<MixJson[]>,
      this.compliance.figuresOver(
        { from: scope.from, to: scope.to },
        { departments: scope.departments, categories: scope.categories },
        scope.timeZone,
        calendarDateIn(scope.timeZone),
      ),
    ]);
    const of = (by: MixJson['by']) => rows.filter((row) => row.by === by);
    const months = new Map(of('month').map((row) => [row.month ?? '', row]));
    return {
      total: mixOf(of('all')[0]),
      byDepartment: of('department')
        .map((row) => ({ name: row.department ?? '', ...mixOf(row) }))
        .sort(byName),
      byCategory: of('category')
        .map((row) => ({ name: row.category ?? '', ...mixOf(row) }))
        .sort(byName),
      byMonth: monthsOf(scope.from, scope.to).map((label) => ({ month: label, ...mixOf(months.get(label)) })),
      pm: pm.overall,
    };
  }
}
