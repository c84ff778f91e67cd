import type { TaskListResponse } from '@caliber/contracts';
import { useLiveEvents } from '@caliber/web';
import { historyQuery, preventiveQuery } from '../utils/maintenance-query';
import { useApiData } from '@caliber/web';
import { TASK_EVENTS } from './use-task-list';

export type MaintenancePanelKind = 'preventive' | 'history';

const QUERIES: Record<MaintenancePanelKind, (search: string, page: number) => string> = {
  preventive: preventiveQuery,
  history: historyQuery,
};

/** The spec's one text for a Maintenance panel that cannot be read. */
export const MAINTENANCE_FETCH_ERROR = 'Failed to fetch maintenance data';

/**
 * One page of a Maintenance panel, as the server pages and filters it (never the whole list).
 * Task events reload it while live updates are on: a task assigned, completed or scheduled
 * elsewhere moves between the panels.
 */
export function useMaintenancePanel(kind: MaintenancePanelKind, search: string, page: number) {
  const list = useApiData<TaskListResponse>(`/tasks?${QUERIES[kind](search, page)}`, MAINTENANCE_FETCH_ERROR);
  useLiveEvents(TASK_EVENTS, list.reload);
  return list;
}
