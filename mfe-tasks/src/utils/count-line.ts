import type { TaskCounts } from '@caliber/contracts';

/**
 * The Tasks page's count line: 'N task(s) found', then whose they are when filtered by a
 * technician, then the search when there is one.
 */
export function taskCountLine(total: number, technicianName: string, search: string): string {
  const whose = technicianName ? ` assigned to ${technicianName}` : '';
  const matching = search.trim() ? ` matching "${search.trim()}"` : '';
  return `${total} task(s) found${whose}${matching}`;
}

/** 'Pending 3 · In Progress 2 · Completed 5': the same tasks by status. */
export function statusBreakdown(counts: TaskCounts): string {
  return `Pending ${counts.pending} · In Progress ${counts.inProgress} · Completed ${counts.completed}`;
}

/** 'Showing a-b of n total'; 'Showing 0-0 of 0 total' when the list is empty. */
export function showingLine(page: number, limit: number, shown: number, total: number): string {
  const first = shown === 0 ? 0 : (page - 1) * limit + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return `Showing ${first}-${last} of ${total} total`;
}
