/** The Tasks page's filters, as kept in the address so a filtered view can be shared. */
/** The views a link (the dashboard's cards) may open the list at; '' is every task. */
export const TASK_VIEWS = ['overdue', 'awaiting-certification'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export interface TaskListFilters {
  q: string;
  technician: string;
  page: number;
  /** `show=overdue` or `show=awaiting-certification`: only those tasks. */
  show: TaskView | '';
}

/** The filters in an address's query, with page 1 by default. */
export function taskFiltersOf(params: URLSearchParams): TaskListFilters {
  const page = Number(params.get('page'));
  const show = params.get('show') ?? '';
  return {
    q: params.get('q') ?? '',
    technician: params.get('technician') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    // An unknown view in a hand-edited address shows every task rather than none.
    show: (TASK_VIEWS as readonly string[]).includes(show) ? (show as TaskView) : '',
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
  if (filters.show === 'overdue') params.set('overdue', '1');
  if (filters.show === 'awaiting-certification') params.set('awaitingCertification', '1');
  return params.toString();
}

/** What the list shows when opened at a view, for the line above it. */
export const TASK_VIEW_LABELS: Record<TaskView, string> = {
  overdue: 'Showing overdue tasks only: past their due date, neither completed nor cancelled.',
  'awaiting-certification': 'Showing completed work awaiting certification only.',
};
