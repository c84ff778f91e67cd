import { PAGE_SIZES, roleIs, type TaskDto } from '@caliber/contracts';

/** Both Maintenance panels show this many items a page (the spec's history page size). */
export const MAINTENANCE_PAGE_SIZE = PAGE_SIZES.maintenanceHistory;

function query(fixed: Record<string, string>, search: string, page: number): string {
  const params = new URLSearchParams(fixed);
  const q = search.trim();
  if (q) params.set('q', q);
  params.set('page', String(page));
  params.set('limit', String(MAINTENANCE_PAGE_SIZE));
  return params.toString();
}

/**
 * The Preventive Maintenance panel: work nobody has taken yet and that is not finished, the
 * earliest due first (the creation date stands in for a missing due date).
 */
export function preventiveQuery(search: string, page: number): string {
  return query({ unassigned: '1', open: '1', sort: 'due' }, search, page);
}

/** The Maintenance History panel: completed work, the most recently completed first. */
export function historyQuery(search: string, page: number): string {
  return query({ status: 'Completed', sort: '-completedDate' }, search, page);
}

/** 'Page x of y'; an empty list is still page 1 of 1. */
export function pageLine(page: number, pages: number, more = false): string {
  const last = Math.max(pages, 1);
  const at = Math.min(Math.max(page, 1), last);
  // A search that matched more tasks than it counted has no known last page.
  return more ? `Page ${at} of more than ${last - 1}` : `Page ${at} of ${last}`;
}

/** A panel's count badge: the number, or 'N+' for a search that matched more than it counted. */
export function countBadge(total: number, more = false): string {
  return more ? `${total}+` : String(total);
}

/**
 * What was done, as the history shows it: the repair details of the work record, else the
 * task's comments (where the spec's history reads them from), else nothing.
 */
export function repairDetailsOf(task: Pick<TaskDto, 'repairDetails' | 'comments'>): string {
  return task.repairDetails?.trim() || task.comments?.trim() || '';
}

export const PREVENTIVE_EMPTY = 'No preventive items. Schedule one to get started.';

/**
 * What the panel says when empty to someone who may not schedule: a Technician, who sees only work
 * assigned to them and so never this panel's, is pointed to their own; a Manager is told plainly.
 */
export function preventiveEmptyText(role: string, maySchedule: boolean): string {
  if (maySchedule) return PREVENTIVE_EMPTY;
  return roleIs(role, 'Technician')
    ? 'Unassigned work is handed out by Engineers and Admins; yours is on the Tasks page.'
    : 'No preventive items.';
}
