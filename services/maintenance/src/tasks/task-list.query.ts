import type { ListTasksQuery, TaskCounts } from '@caliber/contracts';
import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { TaskEntity } from './task.entity';

/** The list's filters, for a person who may see `scope` (everyone's tasks, or only theirs). */
export interface TaskListScope {
  /** Set for a Technician (always), or for anyone asking `my=1`: only tasks assigned to them. */
  assigneeId: string | null;
}

const SORT_COLUMNS: Record<string, string> = {
  createdAt: 'task.createdAt',
  updatedAt: 'task.updatedAt',
  dueDate: 'task.dueDate',
  title: 'task.title',
  completedDate: 'task.completedDate',
};
const PRIORITY_RANK = `CASE task.priority WHEN 'Urgent' THEN 4 WHEN 'High' THEN 3 WHEN 'Medium' THEN 2 ELSE 1 END`;

/** Tasks matching the filters except the status (the counts are per status). */
function scopedTasks(
  manager: EntityManager,
  query: ListTasksQuery,
  scope: TaskListScope,
): SelectQueryBuilder<TaskEntity> {
  const builder = manager.createQueryBuilder(TaskEntity, 'task').where('task.deletedAt IS NULL');
  const assignee = scope.assigneeId ?? (query.technician || null);
  if (assignee) builder.andWhere('task.assignedToId = :assignee', { assignee });
  if (query.equipment) builder.andWhere('task.equipmentId = :equipment', { equipment: query.equipment });
  if (query.taskType) builder.andWhere('task.taskType = :taskType', { taskType: query.taskType });
  if (query.priority) builder.andWhere('task.priority = :priority', { priority: query.priority });
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    builder.andWhere('task.search_text LIKE :pattern', { pattern });
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
  } else {
    builder.orderBy(
      SORT_COLUMNS[key] ?? 'task.createdAt',
      direction,
      descending ? 'NULLS LAST' : 'NULLS FIRST',
    );
  }
  if (key !== 'createdAt') builder.addOrderBy('task.createdAt', 'DESC');
  return builder
    .addOrderBy('task.id', descending ? 'DESC' : 'ASC')
    .offset((query.page - 1) * query.limit)
    .limit(query.limit);
}

export async function taskCounts(
  manager: EntityManager,
  query: ListTasksQuery,
  scope: TaskListScope,
): Promise<TaskCounts> {
  const rows = await scopedTasks(manager, query, scope)
    .select('task.status', 'status')
    .addSelect('count(*)::int', 'count')
    .groupBy('task.status')
    .getRawMany<{ status: string; count: number }>();
  const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return {
    total: rows.reduce((sum, row) => sum + row.count, 0),
    pending: of('Pending'),
    inProgress: of('In Progress'),
    completed: of('Completed'),
  };
}
