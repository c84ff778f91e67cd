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

/**
 * Recalls and field safety notices: the list's pages (one key per query), single notices, and a
 * notice's affected devices a page at a time, under the notice's key (a notice that changed asks
 * again for the devices shown with it).
 */
export const recallKeys = {
  all: ['recalls'] as const,
  lists: () => [...recallKeys.all, 'list'] as const,
  /** One page of the list: `query` is its query string (state filter and page). */
  list: (query: string) => [...recallKeys.lists(), query] as const,
  detail: (id: string) => [...recallKeys.all, 'detail', id] as const,
  /** Every page of the notice's affected devices. */
  actionPages: (id: string) => [...recallKeys.detail(id), 'actions'] as const,
  /** One page of them: `query` is its query string (page and page size). */
  actions: (id: string, query: string) => [...recallKeys.actionPages(id), query] as const,
};

/**
 * Vendors (manufacturers, suppliers, service providers): the list's pages (one key per query) and
 * single vendors. A save asks for all of them again: a rename or a retirement moves a vendor
 * between pages and filters.
 */
export const vendorKeys = {
  all: ['vendors'] as const,
  lists: () => [...vendorKeys.all, 'list'] as const,
  /** One page of the list: `query` is its query string (search, kind, status and page). */
  list: (query: string) => [...vendorKeys.lists(), query] as const,
  detail: (id: string) => [...vendorKeys.all, 'detail', id] as const,
  /** The active vendors a form's picker offers for what is typed: of one kind, or 'all'. */
  search: (kind: string, q: string) => [...vendorKeys.all, 'search', kind, q] as const,
};

/**
 * Service contracts (a cost: Engineers, Managers and Admins): the list's pages (one key per query),
 * single contracts, and the searches of the contract form's device picker.
 */
export const contractKeys = {
  all: ['service-contracts'] as const,
  lists: () => [...contractKeys.all, 'list'] as const,
  /** One page of the list: `query` is its query string (state, search and page). */
  list: (query: string) => [...contractKeys.lists(), query] as const,
  detail: (id: string) => [...contractKeys.all, 'detail', id] as const,
  /** The inventory's devices the form offers for what is typed. */
  deviceSearch: (q: string) => [...contractKeys.all, 'device-search', q] as const,
};

/** A staged inventory import: its rows, a page at a time (one key per filter and page). */
export const inventoryImportKeys = {
  all: ['inventory-imports'] as const,
  rows: (importId: string, query: string) => [...inventoryImportKeys.all, importId, 'rows', query] as const,
};

/**
 * Tasks: the Tasks page's pages (one key per query string), single tasks with their history, and
 * the equipment search of the task forms' pickers (the inventory read where a task names a device).
 */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  /** One page of tasks: `query` is the list's query string (filters, scope and page). */
  list: (query: string) => [...taskKeys.lists(), query] as const,
  details: () => [...taskKeys.all, 'detail'] as const,
  detail: (id: string) => [...taskKeys.details(), id] as const,
  equipmentSearches: () => [...taskKeys.all, 'equipment-search'] as const,
  /** The devices a task form's picker offers for what is typed (`q`, '' for the first ones). */
  equipmentSearch: (q: string) => [...taskKeys.equipmentSearches(), q] as const,
};

/**
 * Maintenance: the Maintenance page's panels (a page each, by query string), the PM compliance
 * figures and, under them, the pages of its two lists (what changes the figures may change the
 * lists). Under the tasks' key, since every task event may change them.
 */
export const maintenanceKeys = {
  all: [...taskKeys.all, 'maintenance'] as const,
  panel: (kind: string, query: string) => [...maintenanceKeys.all, 'panel', kind, query] as const,
  compliance: () => [...maintenanceKeys.all, 'compliance'] as const,
  /** One page of the overdue PM or of the devices without a plan: `query` is its query string. */
  complianceList: (list: 'overdue' | 'unplanned', query: string) =>
    [...maintenanceKeys.compliance(), list, query] as const,
};

/** Who a task may be assigned to: the assignee lists (`approved` true or any) and Create Task's users. */
export const peopleKeys = {
  all: ['people'] as const,
  assignees: (approved: string) => [...peopleKeys.all, 'assignees', approved] as const,
  taskUsers: () => [...peopleKeys.all, 'task-users'] as const,
};

/**
 * The bell: the signed-in person's notifications, loaded a page after another (newest first),
 * each page carrying their unread count. One key for all the pages, so a live event or a read
 * updates or invalidates them together.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/**
 * The delivery record (Admins): every e-mail and SMS notifications made, a page at a time (one key
 * per filter set and page). Apart from the bell's key: nothing a person reads changes it.
 */
export const deliveryKeys = {
  all: ['notification-deliveries'] as const,
  lists: () => [...deliveryKeys.all, 'list'] as const,
  /** One page of the record: `query` is its query string (state, channel and page). */
  list: (query: string) => [...deliveryKeys.lists(), query] as const,
};

/**
 * Documents and photos, by the record they are on (`equipment/<id>`, `tasks/<id>`, …): a record's
 * pages sit under its key, so an upload or removal asks again for every page of that record.
 */
export const documentKeys = {
  all: ['documents'] as const,
  record: (recordPath: string) => [...documentKeys.all, recordPath] as const,
  page: (recordPath: string, page: number) => [...documentKeys.record(recordPath), page] as const,
};
