import { TASK_SEARCH_COUNT_LIMIT, type ListTasksQuery, type TaskCounts } from '@caliber/contracts';
import { containsPattern } from '@caliber/service-kit';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { hospitalToday } from '../hospital-clock';
import { UNASSIGNED_KEY } from '../migrations/1764700000000-task-counts';
import { TaskEntity } from './task.entity';

/** Who the list is narrowed to: what the person may see, and the people filters they asked for. */
export interface TaskListScope {
  /** Set for a Technician: only the tasks assigned to or reported by this person. */
  visibleTo: string | null;
  /** `my=1` (the caller) or the technician filter: only the tasks assigned to this person. */
  assigneeId: string | null;
  /** `reported=1`: only the tasks this person reported. */
  reporterId: string | null;
}

/** Everyone's tasks, narrowed by nothing. */
export const ALL_TASKS: TaskListScope = { visibleTo: null, assigneeId: null, reporterId: null };

const SORT_COLUMNS: Record<string, string> = {
  createdAt: 'task.createdAt',
  updatedAt: 'task.updatedAt',
  dueDate: 'task.dueDate',
  title: 'task.title',
  completedDate: 'task.completedDate',
};
/** The Preventive Maintenance panel's order: the due date, or the creation date (UTC) without one. */
const DUE_OR_CREATED = `COALESCE(task.dueDate, (task.createdAt AT TIME ZONE 'UTC')::date)`;
/**
 * Columns that may be empty: tasks without one go last either way. The others are never null and
 * get no NULLS clause, so the planner can walk the matching index instead of sorting every row.
 */
const NULLABLE_SORTS = new Set(['dueDate', 'completedDate']);
const PRIORITY_RANK = `CASE task.priority WHEN 'Urgent' THEN 4 WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 ELSE 1 END`;

/** Tasks matching the filters except the status (the counts are per status). */
function scopedTasks(
  manager: EntityManager,
  query: ListTasksQuery,
  scope: TaskListScope,
): SelectQueryBuilder<TaskEntity> {
  const builder = manager.createQueryBuilder(TaskEntity, 'task').where('task.deletedAt IS NULL');
  if (scope.visibleTo)
    builder.andWhere('(task.assignedToId = :viewer OR task.reportedById = :viewer)', {
      viewer: scope.visibleTo,
    });
  if (scope.assigneeId) builder.andWhere('task.assignedToId = :assignee', { assignee: scope.assigneeId });
  if (scope.reporterId) builder.andWhere('task.reportedById = :reporter', { reporter: scope.reporterId });
  if (query.equipment) builder.andWhere('task.equipmentId = :equipment', { equipment: query.equipment });
  if (query.taskType) builder.andWhere('task.taskType = :taskType', { taskType: query.taskType });
  if (query.priority) builder.andWhere('task.priority = :priority', { priority: query.priority });
  if (query.unassigned) builder.andWhere('task.assignedToId IS NULL');
  if (query.open || query.overdue) builder.andWhere(`task.status NOT IN ('Completed', 'Cancelled')`);
  if (query.overdue) builder.andWhere('task.dueDate < :today', { today: hospitalToday() });
  if (query.awaitingCertification)
    builder.andWhere(`task.status = 'Completed'`).andWhere('task.needsCertification = true');
  if (query.planned) builder.andWhere('task.planId IS NOT NULL');
  if (query.plan) builder.andWhere('task.planId = :plan', { plan: query.plan });
  if (query.q) {
    builder.andWhere('task.search_text LIKE :pattern', { pattern: containsPattern(query.q) });
  }
  return builder;
}

export function filteredTasks(manager: EntityManager, query: ListTasksQuery, scope: TaskListScope) {
  const builder = scopedTasks(manager, query, scope);
  if (query.status) builder.andWhere('task.status = :status', { status: query.status });
  return builder;
}

export function pageOfTasks(builder: SelectQueryBuilder<TaskEntity>, query: ListTasksQuery) {
  const descending = query.sort.startsWith('-');
  const key = query.sort.replace(/^-/, '');
  const direction = descending ? 'DESC' : 'ASC';
  if (key === 'priority') {
    builder.addSelect(PRIORITY_RANK, 'priority_rank').orderBy('priority_rank', direction);
  } else if (key === 'due') {
    builder.addSelect(DUE_OR_CREATED, 'due_or_created').orderBy('due_or_created', direction);
  } else {
    const column = SORT_COLUMNS[key] ?? 'task.createdAt';
    if (NULLABLE_SORTS.has(key)) builder.orderBy(column, direction, 'NULLS LAST');
    else builder.orderBy(column, direction);
  }
  // The history's order: completed date, then last update, then creation.
  if (key === 'completedDate') builder.addOrderBy('task.updatedAt', direction);
  if (key !== 'createdAt')
    builder.addOrderBy('task.createdAt', direction === 'ASC' && key === 'due' ? 'ASC' : 'DESC');
  return builder
    .addOrderBy('task.id', descending ? 'DESC' : 'ASC')
    .offset((query.page - 1) * query.limit)
    .limit(query.limit);
}

/**
 * One page of a Technician's own list: the tasks assigned to them and those they reported. Asked as
 * one OR, the database would sort every one of their tasks for each page; instead each half is read
 * in the list's order (from its own index, for the default order), only as far as this page
 * reaches, and the page is cut from the union of the two halves with the list's order.
 */
export async function pageOfOwnTasks(
  manager: EntityManager,
  query: ListTasksQuery,
  viewer: string,
): Promise<TaskEntity[]> {
  const reach = { ...query, page: 1, limit: query.page * query.limit };
  const idsOf = (scope: TaskListScope) =>
    pageOfTasks(filteredTasks(manager, query, scope).select('task.id'), reach);
  const [assigned, reported] = await Promise.all([
    idsOf({ ...ALL_TASKS, assigneeId: viewer }).getMany(),
    idsOf({ ...ALL_TASKS, reporterId: viewer })
      .andWhere('task.assignedToId IS DISTINCT FROM :viewer', { viewer })
      .getMany(),
  ]);
  const ids = [...assigned, ...reported].map((task) => task.id);
  if (ids.length === 0) return [];
  // One array parameter, however far the page reaches (a list of binds would meet PostgreSQL's limit).
  const union = manager.createQueryBuilder(TaskEntity, 'task').where('task.id = ANY(:ids::uuid[])', { ids });
  return pageOfTasks(union, query).getMany();
}

/** What a list counts: by status (null when not all were counted), its total, and whether more match. */
export interface TaskListCount {
  counts: TaskCounts | null;
  total: number;
  /** `total` is a lower bound: a search matched more tasks than it counts. */
  more: boolean;
}

type StatusRows = { status: string; count: number }[];

function countsOf(rows: StatusRows): { counts: TaskCounts; of(status: string): number } {
  const of = (status: string) =>
    rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.count, 0);
  const all = rows.reduce((sum, row) => sum + row.count, 0);
  return {
    counts: { total: all, pending: of('Pending'), inProgress: of('In Progress'), completed: of('Completed') },
    of,
  };
}

/** Reads the kept counts of everyone's tasks (null) or one person's; the list passes its cache. */
export type KeptCounts = (assignee: string | null) => Promise<StatusRows>;

/**
 * What the task list counts: a search's matches up to a limit (`searchCount`), otherwise every
 * matching task (`taskCounts`).
 */
export async function listCount(
  manager: EntityManager,
  query: ListTasksQuery,
  scope: TaskListScope,
  kept: KeptCounts,
): Promise<TaskListCount> {
  if (query.q) return searchCount(manager, query, scope);
  return { ...(await taskCounts(manager, query, scope, kept)), more: false };
}

/**
 * The tasks matching the filters but the status, counted by status in one pass: the list's
 * `counts`, and its `total` (the count of the status asked for, or of all), with no second count.
 */
export async function taskCounts(
  manager: EntityManager,
  query: ListTasksQuery,
  scope: TaskListScope,
  kept: KeptCounts = (assignee) => keptCounts(manager, assignee),
): Promise<{ counts: TaskCounts; total: number }> {
  const assignee = scope.assigneeId;
  const onlyByPeople =
    !scope.reporterId &&
    !query.q &&
    !query.equipment &&
    !query.taskType &&
    !query.priority &&
    !query.unassigned &&
    !query.open &&
    !query.overdue &&
    !query.awaitingCertification &&
    !query.planned &&
    !query.plan &&
    // The kept counts key unassigned tasks by the zero id, which names no one in the list's filter.
    assignee !== UNASSIGNED_KEY;
  let rows: StatusRows;
  if (onlyByPeople && !scope.visibleTo) {
    // Kept by triggers for exactly this question: everyone's tasks, or one person's.
    rows = await kept(assignee);
  } else if (onlyByPeople && !assignee && scope.visibleTo) {
    // A Technician's own list: the kept counts of the tasks assigned to them, and a count of the
    // faults they reported and do not work on (few, read through the reporter index).
    const [assigned, reported] = await Promise.all([
      kept(scope.visibleTo),
      manager.query(
        `SELECT "status", count(*)::int AS "count" FROM "maintenance"."tasks"
          WHERE "deleted_at" IS NULL AND "reported_by_id" = $1 AND "assigned_to_id" IS DISTINCT FROM $1
          GROUP BY "status"`,
        [scope.visibleTo],
      ) as Promise<StatusRows>,
    ]);
    rows = [...assigned, ...reported];
  } else {
    rows = await scopedTasks(manager, query, scope)
      .select('task.status', 'status')
      .addSelect('count(*)::int', 'count')
      .groupBy('task.status')
      .getRawMany<{ status: string; count: number }>();
  }
  const { counts, of } = countsOf(rows);
  return { counts, total: query.status ? of(query.status) : counts.total };
}

/**
 * A search's count: its matches by status, read only up to TASK_SEARCH_COUNT_LIMIT (or as far as
 * the page reaches) and one further. Up to there the counts are exact; past it, the list says
 * "more than" the number counted and gives no breakdown by status, which a partial count would
 * get wrong. A common word then costs the database the few thousand index entries it takes to
 * find that many matches, not a recheck of every one of tens of thousands.
 */
async function searchCount(
  manager: EntityManager,
  query: ListTasksQuery,
  scope: TaskListScope,
): Promise<TaskListCount> {
  const reach = Math.max(TASK_SEARCH_COUNT_LIMIT, query.page * query.limit);
  const upTo = async (builder: SelectQueryBuilder<TaskEntity>): Promise<StatusRows> => {
    const sample = builder.select('task.status', 'status').limit(reach + 1);
    const [sql, parameters] = sample.getQueryAndParameters();
    return manager.query(
      `SELECT "status", count(*)::int AS "count" FROM (${sql}) AS "sample" GROUP BY "status"`,
      parameters,
    ) as Promise<StatusRows>;
  };
  const { counts, of } = countsOf(await upTo(scopedTasks(manager, query, scope)));
  if (counts.total <= reach)
    return { counts, total: query.status ? of(query.status) : counts.total, more: false };
  if (!query.status) return { counts: null, total: reach, more: true };
  // Too many of every status to count: the status asked for is counted on its own, as far.
  const asked = (await upTo(filteredTasks(manager, query, scope))).reduce((sum, row) => sum + row.count, 0);
  return asked > reach
    ? { counts: null, total: reach, more: true }
    : { counts: null, total: asked, more: false };
}

export function keptCounts(manager: EntityManager, assignee: string | null): Promise<StatusRows> {
  return manager.query(
    `SELECT "status", sum("count")::int AS "count" FROM "maintenance"."task_counts"
      WHERE ($1::uuid IS NULL OR "assignee_id" = $1) GROUP BY "status"`,
    [assignee],
  );
}
