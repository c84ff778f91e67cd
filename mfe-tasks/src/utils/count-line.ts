import type { TaskCounts } from '@caliber/contracts';

/**
 * The Tasks page's count line: 'N task(s) found', then whose they are when filtered by a
 * technician, then the search when there is one. A search that matched more tasks than it counts
 * (`more`) says 'More than N', never a number it did not count.
 */
export function taskCountLine(total: number, technicianName: string, search: string, more = false): string {
  const whose = technicianName ? ` assigned to ${technicianName}` : '';
  const matching = search.trim() ? ` matching "${search.trim()}"` : '';
  return `${more ? `More than ${total}` : total} task(s) found${whose}${matching}`;
}

/**
 * 'Pending 3 · In Progress 2 · Completed 5': the same tasks by status. A search with too many
 * matches to count has no breakdown, and says how to get one.
 */
export function statusBreakdown(counts: TaskCounts | null): string {
  if (!counts) return 'Too many matches to count by status: add words to narrow the search.';
  return `Pending ${counts.pending} · In Progress ${counts.inProgress} · Completed ${counts.completed}`;
}

/**
 * 'Showing a-b of n total'; 'Showing 0-0 of 0 total' when the list is empty; 'Showing a-b of
 * more than n' when a search matched more tasks than it counts.
 */
export function showingLine(page: number, limit: number, shown: number, total: number, more = false): string {
  const first = shown === 0 ? 0 : (page - 1) * limit + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return more
    ? `Showing ${first}-${last} of more than ${total}`
    : `Showing ${first}-${last} of ${total} total`;
}
