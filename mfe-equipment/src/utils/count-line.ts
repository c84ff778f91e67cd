/**
 * The inventory's count line: 'N equipment(s) found in X with status Y matching Z'.
 * 'matching Z' is said only when there is a search.
 */
export function countLine(total: number, department: string, status: string, search: string): string {
  const place = department || 'All Departments';
  const state = status || 'All Statuses';
  const matching = search.trim() ? ` matching "${search.trim()}"` : '';
  return `${total} equipment(s) found in ${place} with status ${state}${matching}`;
}

/** 'Showing a-b of n total'; 'Showing 0-0 of 0 total' when the list is empty. */
export function showingLine(page: number, limit: number, shown: number, total: number): string {
  const first = shown === 0 ? 0 : (page - 1) * limit + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return `Showing ${first}-${last} of ${total} total`;
}
