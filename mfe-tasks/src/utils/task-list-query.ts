/** The Tasks page's filters, as kept in the address so a filtered view can be shared. */
export interface TaskListFilters {
  q: string;
  technician: string;
  page: number;
}

/** The filters in an address's query, with page 1 by default. */
export function taskFiltersOf(params: URLSearchParams): TaskListFilters {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    technician: params.get('technician') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export interface ListScope {
  /** Ask for the caller's own tasks (`my=1`). */
  ownOnly: boolean;
  /** The technician filter applies (Engineers and Admins). */
  technicianFilter: boolean;
}

/** The list request's query for the filters, within what the person's scope lets them ask. */
export function taskListQuery(filters: TaskListFilters, pageSize: number, scope: ListScope): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(pageSize) });
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (scope.ownOnly) params.set('my', '1');
  if (scope.technicianFilter && filters.technician) params.set('technician', filters.technician);
  return params.toString();
}
