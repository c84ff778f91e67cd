import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DigestList, DigestTasksAnswer, DigestTasksQuery } from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { TaskDashboardService } from '../dashboard/dashboard.service';
import { hospitalToday } from '../hospital-clock';

const TASKS = `"maintenance"."tasks"`;
const OPEN = `t."deleted_at" IS NULL AND t."assigned_to_id" = $1 AND t."status" NOT IN ('Completed', 'Cancelled')`;

interface ListJson {
  total: number;
  rows: {
    id: string;
    title: string;
    equipment_name: string;
    equipment_serial: string;
    due_date: string | null;
  }[];
}

const listOf = (list: ListJson): DigestList => ({
  total: list.total,
  rows: list.rows.map((row) => ({
    id: row.id,
    title: row.title,
    detail: `${row.equipment_name} (SN ${row.equipment_serial})${row.due_date ? `, due ${row.due_date}` : ''}`,
  })),
});

/** One bounded list of a person's tasks as JSON: its first `$4` rows and how many in all. */
const listSql = (where: string, order: string) => `(SELECT json_build_object(
     'total', (SELECT count(*)::int FROM ${TASKS} t WHERE ${where}),
     'rows', (SELECT COALESCE(json_agg(r), '[]'::json) FROM (
        SELECT t."id", t."title", t."equipment_name", t."equipment_serial", t."due_date"::text AS "due_date"
          FROM ${TASKS} t WHERE ${where} ORDER BY ${order}, t."id" LIMIT $4) r)))`;

/**
 * The weekly digest's part of maintenance: a person's open tasks, their overdue ones (by the
 * hospital's calendar, as the dashboard counts them) and the preventive maintenance assigned to
 * them that falls due in the week; with the dashboard's own task figures for the roles that see
 * them, computed by the dashboard's service (never a second copy of a count).
 */
@Injectable()
export class DigestTasksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly dashboard: TaskDashboardService,
  ) {}

  async digest(request: DigestTasksQuery, at: Date = new Date()): Promise<DigestTasksAnswer> {
    const overdue = `t."due_date" IS NOT NULL AND t."due_date" < $2::date`;
    const [answer] = (await this.dataSource.query(
      `SELECT ${listSql(`${OPEN} AND NOT (${overdue})`, `t."due_date" ASC NULLS LAST`)} AS "open",
              ${listSql(`${OPEN} AND ${overdue}`, `t."due_date" ASC`)} AS "overdue",
              ${listSql(
                `${OPEN} AND t."task_type" = 'Preventive' AND t."due_date" BETWEEN $3::date AND $5::date`,
                `t."due_date" ASC`,
              )} AS "pmDue"`,
      [request.userId, hospitalToday(at), request.from, request.limit, request.to],
    )) as [{ open: ListJson; overdue: ListJson; pmDue: ListJson }];
    const figures = request.figures
      ? await this.dashboard.figures(
          {
            _id: request.userId,
            name: '',
            role: request.role,
            serviceNumber: '',
            via: 'notifications',
          },
          at,
        )
      : null;
    return {
      open: listOf(answer.open),
      overdue: listOf(answer.overdue),
      pmDue: listOf(answer.pmDue),
      figures,
    };
  }
}
