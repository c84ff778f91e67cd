import {
  LIVE_EVENTS,
  PAGE_SIZES,
  type LiveEvent,
  type TaskDto,
  type TaskListResponse,
} from '@caliber/contracts';
import { useCallback } from 'react';
import { useLiveEvents, usePageSize } from '@caliber/web';
import { taskListQuery, type ListScope, type TaskListFilters } from '../utils/task-list-query';
import { useApiData } from '@caliber/web';

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
  const { patch } = list;
  /**
   * Puts a task as the server just answered it into the page at once: its new `version` is what
   * the card's next change must send, before the reloaded page arrives.
   */
  const replaceTask = useCallback(
    (task: TaskDto) =>
      patch((page) => ({
        ...page,
        tasks: page.tasks.map((shown) => (shown._id === task._id ? task : shown)),
      })),
    [patch],
  );
  return { ...list, replaceTask };
}
