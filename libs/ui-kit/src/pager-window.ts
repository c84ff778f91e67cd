export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The page numbers a pager shows: a window of `size` pages around the current one, with the first
 * and last pages always present and a gap (ellipsis) where pages are skipped.
 */
export function pagerWindow(current: number, totalPages: number, size: number): PagerItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(totalPages, start + size - 1);
  start = Math.max(1, end - size + 1);
  const items: PagerItem[] = [];
  if (start > 1) {
    items.push({ kind: 'page', page: 1 });
    // A gap that would hide a single page shows that page instead.
    if (start === 3) items.push({ kind: 'page', page: 2 });
    else if (start > 3) items.push({ kind: 'gap', key: 'before' });
  }
  for (let number = start; number <= end; number += 1) items.push({ kind: 'page', page: number });
  if (end < totalPages) {
    if (end === totalPages - 2) items.push({ kind: 'page', page: totalPages - 1 });
    else if (end < totalPages - 2) items.push({ kind: 'gap', key: 'after' });
    items.push({ kind: 'page', page: totalPages });
  }
  return items;
}
