import type { PmComplianceResponse } from '@caliber/contracts';
import { useLiveEvents } from '@caliber/web';
import { useApiData } from '@caliber/web';
import { TASK_EVENTS } from './use-task-list';

/**
 * This month's PM compliance (the server's default period), the overdue occurrences and the
 * devices in the PM program without a plan. Task events reload it, as they do the panels: an
 * occurrence completed elsewhere changes the figures.
 */
export function usePmCompliance() {
  const figures = useApiData<PmComplianceResponse>('/maintenance/compliance', 'Failed to load PM compliance');
  useLiveEvents(TASK_EVENTS, figures.reload);
  return figures;
}
