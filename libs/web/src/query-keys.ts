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
 * Reports: the person's own report jobs (one key per page), a report's own page, their schedules,
 * and the staff a report's figures may be narrowed to (also the audit trail's Person filter).
 */
export const reportKeys = {
  all: ['reports'] as const,
  jobLists: () => [...reportKeys.all, 'jobs'] as const,
  /** One page of the person's reports: `query` is the list's query string (page and size). */
  jobList: (query: string) => [...reportKeys.jobLists(), query] as const,
  job: (id: string) => [...reportKeys.all, 'job', id] as const,
  schedules: () => [...reportKeys.all, 'schedules'] as const,
  staff: () => [...reportKeys.all, 'staff'] as const,
};

/** The audit trail: a page of changes (one key per filter set and cursor), and the device filter's lookups. */
export const auditKeys = {
  all: ['audit'] as const,
  pages: () => [...auditKeys.all, 'page'] as const,
  /** `query` is the trail's query string (filters and cursor). */
  page: (query: string) => [...auditKeys.pages(), query] as const,
  device: (id: string) => [...auditKeys.all, 'device', id] as const,
  deviceSearch: (term: string) => [...auditKeys.all, 'device-search', term] as const,
};

/** The dashboard: the one answer of `GET /dashboard` every card reads. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};
