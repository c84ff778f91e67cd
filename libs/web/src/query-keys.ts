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

/** Recalls and field safety notices: the list's pages (one key per query) and single notices. */
export const recallKeys = {
  all: ['recalls'] as const,
  lists: () => [...recallKeys.all, 'list'] as const,
  /** One page of the list: `query` is its query string (state filter and page). */
  list: (query: string) => [...recallKeys.lists(), query] as const,
  detail: (id: string) => [...recallKeys.all, 'detail', id] as const,
};

/** Electrical safety tests: one device's tests (recording or importing a test changes them). */
export const safetyKeys = {
  all: ['safety-tests'] as const,
  /** One device's tests, newest first. */
  device: (equipmentId: string) => [...safetyKeys.all, 'device', equipmentId] as const,
};

/** A staged inventory import: its rows, a page at a time (one key per filter and page). */
export const inventoryImportKeys = {
  all: ['inventory-imports'] as const,
  rows: (importId: string, query: string) => [...inventoryImportKeys.all, importId, 'rows', query] as const,
};
