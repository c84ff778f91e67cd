import { Inject, Injectable } from '@nestjs/common';
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
import { TimedMemo } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';
import { MAINTENANCE_CONFIG, type MaintenanceConfig } from '../config';
import { hospitalToday } from '../hospital-clock';
import { TaskRules } from '../tasks/task-rules';
import { ALL_TASKS, taskCounts } from '../tasks/task-list.query';

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

type StatusCounts = { status: string; count: number }[];

/**
 * The dashboard's task figures: everyone's tasks, or a Technician's own work (the tasks assigned
 * to them; a fault they reported that someone else works is in their task list, not in their
 * figures, which measure their workload). The summary now comes from the kept counts (as the task
 * list's does, so the two agree);
 * 30 days earlier, from the tasks' status history: each task created by then and not deleted by
 * then, in its last status at that instant (the assignment is taken as it is now: assignments
 * keep no history). Where no task is that old the earlier figures are unknown (null).
 */
@Injectable()
export class TaskDashboardService {
  /** The figures of 30 days ago per person (`DASHBOARD_TREND_CACHE_SECONDS`). */
  private readonly earlierFigures: TimedMemo<TaskCounts | null>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MAINTENANCE_CONFIG) config: MaintenanceConfig,
  ) {
    this.earlierFigures = new TimedMemo(config.dashboardTrendCacheMs);
  }

  async figures(actor: Actor, at: Date = new Date()): Promise<DashboardTasks> {
    const assignee = TaskRules.seesAll(actor) ? null : actor._id;
    const [{ counts }, [answer]] = await Promise.all([
      taskCounts(this.dataSource.manager, listTasksQuerySchema.parse({}), {
        ...ALL_TASKS,
        assigneeId: assignee,
      }),
      this.dataSource.query(
        `SELECT
           (SELECT count(*)::int FROM ${TASKS} t
             WHERE t."deleted_at" IS NULL AND ($1::uuid IS NULL OR t."assigned_to_id" = $1) AND ${OVERDUE}) AS "overdue",
           (SELECT count(*)::int FROM ${TASKS} t
             WHERE t."deleted_at" IS NULL AND ($1::uuid IS NULL OR t."assigned_to_id" = $1) AND ${AWAITING}) AS "awaiting",
           (SELECT COALESCE(json_agg(r ORDER BY r."created_at" DESC, r."id" DESC), '[]'::json) FROM (
              SELECT t."id", t."title", t."status", t."equipment_name", t."assigned_to_name", t."created_at"
                FROM ${TASKS} t WHERE t."deleted_at" IS NULL AND ($1::uuid IS NULL OR t."assigned_to_id" = $1)
               ORDER BY t."created_at" DESC, t."id" DESC LIMIT $3) r) AS "recent"`,
        [assignee, hospitalToday(at), DASHBOARD_RECENT_TASKS],
      ) as Promise<[{ overdue: number; awaiting: number; recent: RecentJson[] }]>,
    ]);
    return {
      ...counts,
      earlier: await this.earlier(assignee, counts, at),
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

  /**
   * The summary 30 days before `at`, reused for a while per person (a burst of visits computes
   * it once; the figures of now are read at every visit). It is the summary now with the changes since undone: a task that has not changed
   * since (no status row after that instant, not created or deleted since) stood as it stands, so
   * only the tasks changed since are looked up in the history, and the cost follows the last 30
   * days' changes rather than every task's history.
   */
  private earlier(assignee: string | null, now: TaskCounts, at: Date): Promise<TaskCounts | null> {
    const then = new Date(at.getTime() - DASHBOARD_TREND_DAYS * 86_400_000);
    return this.earlierFigures.get(
      assignee ?? '*',
      () => this.computeEarlier(assignee, now, then),
      at.getTime(),
    );
  }

  private async computeEarlier(
    assignee: string | null,
    now: TaskCounts,
    then: Date,
  ): Promise<TaskCounts | null> {
    const [answer] = (await this.dataSource.query(
      `WITH changed AS (
         SELECT h."task_id" AS "id" FROM ${HISTORY} h WHERE h."changed_at" > $2
         UNION SELECT t."id" FROM ${TASKS} t WHERE t."created_at" > $2
         UNION SELECT t."id" FROM ${TASKS} t WHERE t."deleted_at" > $2),
       scoped AS (
         SELECT t.* FROM changed c JOIN ${TASKS} t ON t."id" = c."id"
          WHERE $1::uuid IS NULL OR t."assigned_to_id" = $1)
       SELECT
         EXISTS (SELECT 1 FROM ${TASKS} t
                  WHERE t."created_at" <= $2 AND ($1::uuid IS NULL OR t."assigned_to_id" = $1)) AS "reaches",
         (SELECT COALESCE(json_agg(n), '[]'::json) FROM (
            SELECT t."status", count(*)::int AS "count" FROM scoped t WHERE t."deleted_at" IS NULL
             GROUP BY t."status") n) AS "now",
         (SELECT COALESCE(json_agg(w), '[]'::json) FROM (
            SELECT COALESCE(s."status", 'Pending') AS "status", count(*)::int AS "count"
              FROM scoped t
              LEFT JOIN LATERAL (
                SELECT h."to_status" AS "status" FROM ${HISTORY} h
                 WHERE h."task_id" = t."id" AND h."changed_at" <= $2
                 ORDER BY h."changed_at" DESC, h."id" DESC LIMIT 1) s ON true
             WHERE t."created_at" <= $2 AND (t."deleted_at" IS NULL OR t."deleted_at" > $2)
             GROUP BY 1) w) AS "then"`,
      [assignee, then.toISOString()],
    )) as [{ reaches: boolean; now: StatusCounts; then: StatusCounts }];
    if (!answer.reaches) return null;
    const changedNow = countsOf(answer.now);
    const changedThen = countsOf(answer.then);
    const undo = (key: keyof TaskCounts) => now[key] - changedNow[key] + changedThen[key];
    return {
      total: undo('total'),
      pending: undo('pending'),
      inProgress: undo('inProgress'),
      completed: undo('completed'),
    };
  }
}
