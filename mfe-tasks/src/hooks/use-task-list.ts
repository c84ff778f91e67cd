import { LIVE_EVENTS, PAGE_SIZES, type LiveEvent, type TaskListResponse } from '@caliber/contracts';
import { useLiveEvents, usePageSize } from '@caliber/web';
import { taskListQuery, type ListScope, type TaskListFilters } from '../utils/task-list-query';
import { useApiData } from './use-api-data';

/** Every task event: any of them may change what the list shows or counts. */
export const TASK_EVENTS: readonly LiveEvent[] = LIVE_EVENTS.filter((event) => event.startsWith('task:'));

/**
 * One page of tasks from the server, as many as the person's Items per page (eight until they pick
 * one), within the person's scope (a Technician's own tasks). Task events reload it while live
 * updates are on.
 */
export function useTaskList(filters: TaskListFilters, scope: ListScope) {
  const query = taskListQuery(filters, usePageSize(PAGE_SIZES.tasks), scope);
  const list = useApiData<TaskListResponse>(`/tasks?${query}`, 'Failed to fetch tasks');
  useLiveEvents(TASK_EVENTS, list.reload);
  return list;
}
