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

/**
 * Equipment: the inventory's pages (one key per filter set and page size) and single devices. What
 * is read about one device sits under its `detail` key, so invalidating a device asks again for
 * everything shown of it (its record, older status changes, maintenance, safety tests, recalls).
 */
export const equipmentKeys = {
  all: ['equipment'] as const,
  lists: () => [...equipmentKeys.all, 'list'] as const,
  /** One page of the inventory: `query` is the list's query string (filters, page and page size). */
  list: (query: string) => [...equipmentKeys.lists(), query] as const,
  details: () => [...equipmentKeys.all, 'detail'] as const,
  /** One device with the newest page of its status history. */
  detail: (id: string) => [...equipmentKeys.details(), id] as const,
  /**
   * The device's older status changes, loaded page by page after the newest ones the device came
   * with: `version` is the device's, so a changed device starts again from its newest page.
   */
  statusHistory: (id: string, version: number) =>
    [...equipmentKeys.detail(id), 'status-history', version] as const,
  /** Every page of the device's maintenance history (every task on it). */
  maintenancePages: (id: string) => [...equipmentKeys.detail(id), 'maintenance'] as const,
  maintenance: (id: string, page: number) => [...equipmentKeys.maintenancePages(id), page] as const,
  /** The device's electrical-safety tests and when the next one is due. */
  safetyTests: (id: string) => [...equipmentKeys.detail(id), 'safety-tests'] as const,
  /**
   * The recalls and safety notices that found the device. `openActions` is the device's count of
   * open recall actions: a recall does not raise the device's version, so the count re-asks.
   */
  recalls: (id: string, openActions: number) =>
    [...equipmentKeys.detail(id), 'recalls', openActions] as const,
};
