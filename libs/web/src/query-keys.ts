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
  /** A device a task form starts with (Report Issue opened from a device's page). */
  device: (id: string) => [...taskKeys.all, 'device', id] as const,
  equipmentSearches: () => [...taskKeys.all, 'equipment-search'] as const,
  /** The devices a task form's picker offers for what is typed (`q`, '' for the first ones). */
  equipmentSearch: (q: string) => [...taskKeys.equipmentSearches(), q] as const,
};

/**
 * Maintenance: the Maintenance page's panels (a page each, by query string) and the PM compliance
 * figures. Under the tasks' key, since every task event may change them.
 */
export const maintenanceKeys = {
  all: [...taskKeys.all, 'maintenance'] as const,
  panel: (kind: string, query: string) => [...maintenanceKeys.all, 'panel', kind, query] as const,
  compliance: () => [...maintenanceKeys.all, 'compliance'] as const,
};

/** Who a task may be assigned to: the assignee lists (`approved` true or any) and Create Task's users. */
export const peopleKeys = {
  all: ['people'] as const,
  assignees: (approved: string) => [...peopleKeys.all, 'assignees', approved] as const,
  taskUsers: () => [...peopleKeys.all, 'task-users'] as const,
};
