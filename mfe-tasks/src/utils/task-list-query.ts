/** The Tasks page's filters, as kept in the address so a filtered view can be shared. */
/**
 * The views a link may open the list at (the dashboard's cards; Report Issue, which shows the
 * reporter what they reported); '' is every task.
 */
export const TASK_VIEWS = ['overdue', 'awaiting-certification', 'reported'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export interface TaskListFilters {
  q: string;
  technician: string;
  page: number;
  /** `show=overdue`, `show=awaiting-certification` or `show=reported`: only those tasks. */
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
  /**
   * The person sees only their own tasks: those assigned to them and the faults they reported (a
   * Technician; the server holds them to it whatever the query asks).
   */
  ownOnly: boolean;
  /** The technician filter applies (Engineers and Admins). */
  technicianFilter: boolean;
}

/** The list request's query for the filters, within what the person's scope lets them ask. */
export function taskListQuery(filters: TaskListFilters, pageSize: number, scope: ListScope): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(pageSize) });
  const q = filters.q.trim();
  if (q) params.set('q', q);
  // A Technician's overdue and awaiting-certification views are their work (`my=1`), as the
  // dashboard's figures that link to them count it; a fault they reported and someone else works
  // is not their overdue work.
  const workView = filters.show === 'overdue' || filters.show === 'awaiting-certification';
  if (scope.ownOnly && workView) params.set('my', '1');
  if (scope.technicianFilter && filters.technician) params.set('technician', filters.technician);
  if (filters.show === 'overdue') params.set('overdue', '1');
  if (filters.show === 'awaiting-certification') params.set('awaitingCertification', '1');
  if (filters.show === 'reported') params.set('reported', '1');
  return params.toString();
}

/** What the list shows when opened at a view, for the line above it. */
export const TASK_VIEW_LABELS: Record<TaskView, string> = {
  overdue: 'Showing overdue tasks only: past their due date, neither completed nor cancelled.',
  'awaiting-certification': 'Showing completed work awaiting certification only.',
  reported: 'Showing the faults you reported only, newest first.',
};
