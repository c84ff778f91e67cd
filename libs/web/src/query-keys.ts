// The query keys of every domain, one factory each, so that what a screen reads and what a live
// event or a save invalidates are the same keys, written once. Each key starts with its domain, so
// `userKeys.all` invalidates every list and record of staff. Add a domain's factory here when its
// screens move to TanStack Query (equipment, tasks, reports are still to come).

/** Staff: the roster's pages (one key per filter set) and single accounts. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  /** One page of the roster: `query` is the list's query string (filters and page). */
  list: (query: string) => [...userKeys.lists(), query] as const,
};
