import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DASHBOARD_RECENT_TASKS,
  DASHBOARD_TREND_DAYS,
  listTasksQuerySchema,
  type Actor,
  type DashboardRecentTask,
  type DashboardTasks,
  type TaskCounts,
  type TaskStatus,
} from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { hospitalToday } from '../hospital-clock';
import { TaskRules } from '../tasks/task-rules';
import { taskCounts } from '../tasks/task-list.query';

const TASKS = `"maintenance"."tasks"`;
const HISTORY = `"maintenance"."status_history"`;
/** Completed work an Engineer has yet to certify (certifying clears the flag). */
const AWAITING = `t."status" = 'Completed' AND t."needs_certification"`;
/** Open work whose due date has passed on the hospital's calendar. */
const OVERDUE = `t."status" NOT IN ('Completed', 'Cancelled') AND t."due_date" < $2::date`;

interface RecentJson {
  id: string;
  title: string;
  status: TaskStatus;
  equipment_name: string;
  assigned_to_name: string | null;
  created_at: string;
}

function countsOf(rows: { status: string; count: number }[]): TaskCounts {
  const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return {
    total: rows.reduce((sum, row) => sum + row.count, 0),
    pending: of('Pending'),
    inProgress: of('In Progress'),
    completed: of('Completed'),
  };
}

/**
 * The dashboard's task figures, for what the person may see: everyone's tasks, or a Technician's
 * own. The summary now comes from the kept counts (as the task list's does, so the two agree);
 * 30 days earlier, from the tasks' status history: each task created by then and not deleted by
 * then, in its last status at that instant (the assignment is taken as it is now: assignments
 * keep no history). Where no task is that old the earlier figures are unknown (null).
 */
@Injectable()
export class TaskDashboardService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async figures(actor: Actor, at: Date = new Date()): Promise<DashboardTasks> {
    const assignee = TaskRules.seesAll(actor) ? null : actor._id;
    const then = new Date(at.getTime() - DASHBOARD_TREND_DAYS * 86_400_000);
    const [{ counts }, [answer]] = await Promise.all([
      taskCounts(this.dataSource.manager, listTasksQuerySchema.parse({}), { assigneeId: assignee }),
      this.dataSource.query(
        `WITH mine AS (
           SELECT * FROM ${TASKS} t WHERE ($1::uuid IS NULL OR t."assigned_to_id" = $1))
         SELECT
           (SELECT count(*)::int FROM mine t WHERE t."deleted_at" IS NULL AND ${OVERDUE}) AS "overdue",
           (SELECT count(*)::int FROM mine t WHERE t."deleted_at" IS NULL AND ${AWAITING}) AS "awaiting",
           (SELECT COALESCE(json_agg(r ORDER BY r."created_at" DESC, r."id" DESC), '[]'::json) FROM (
              SELECT t."id", t."title", t."status", t."equipment_name", t."assigned_to_name", t."created_at"
                FROM mine t WHERE t."deleted_at" IS NULL
               ORDER BY t."created_at" DESC, t."id" DESC LIMIT $4) r) AS "recent",
           EXISTS (SELECT 1 FROM mine t WHERE t."created_at" <= $3) AS "reaches",
           (SELECT COALESCE(json_agg(c), '[]'::json) FROM (
              SELECT COALESCE(s."status", 'Pending') AS "status", count(*)::int AS "count"
                FROM mine t
                LEFT JOIN LATERAL (
                  SELECT h."to_status" AS "status" FROM ${HISTORY} h
                   WHERE h."task_id" = t."id" AND h."changed_at" <= $3
                   ORDER BY h."changed_at" DESC, h."id" DESC LIMIT 1) s ON true
               WHERE t."created_at" <= $3 AND (t."deleted_at" IS NULL OR t."deleted_at" > $3)
               GROUP BY 1) c) AS "earlier"`,
        [assignee, hospitalToday(at), then.toISOString(), DASHBOARD_RECENT_TASKS],
      ) as Promise<
        [
          {
            overdue: number;
            awaiting: number;
            recent: RecentJson[];
            reaches: boolean;
            earlier: { status: string; count: number }[];
          },
        ]
      >,
    ]);
    return {
      ...counts,
      earlier: answer.reaches ? countsOf(answer.earlier) : null,
      recent: answer.recent.map((task): DashboardRecentTask => ({
        _id: task.id,
        title: task.title,
        status: task.status,
        equipmentName: task.equipment_name,
        technicianName: task.assigned_to_name,
        createdAt: new Date(task.created_at).toISOString(),
      })),
      overdue: answer.overdue,
      awaitingCertification: answer.awaiting,
    };
  }
}
