import {
  PAGE_SIZES,
  TECHNICIAN_LIST_LIMIT,
  type AddedReport,
  type AddToReportRequest,
  type AssigneeListResponse,
  type CreateTaskRequest,
  type EquipmentDetail,
  type EquipmentDto,
  type EquipmentListResponse,
  type OpenFaultPage,
  type OverduePmPage,
  type PmComplianceResponse,
  type PmPlanCreatedResponse,
  type RecordWorkRequest,
  type ReportIssueRequest,
  type CreatePmPlanRequest,
  type TaskCreatedResponse,
  type TaskDetail,
  type TaskDto,
  type TaskListResponse,
  type TaskStatus,
  type TaskUsersResponse,
  type UnplannedDevicesPage,
} from '@caliber/contracts';
import {
  api,
  ApiError,
  apiQuery,
  equipmentKeys,
  errorMessage,
  invalidates,
  type LiveCacheRules,
  maintenanceKeys,
  peopleKeys,
  taskKeys,
  useLiveQueryUpdates,
  usePageSize,
} from '@caliber/web';
import type { ComboboxSearch } from '@caliber/ui-widgets';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import { historyQuery, preventiveQuery } from '../utils/maintenance-query';
import { taskListQuery, type ListScope, type TaskListFilters } from '../utils/task-list-query';

/**
 * Every task event marks the task screens' data stale: any of them may move a task between pages,
 * panels and figures. Equipment events do too, for the pickers' device lists (and a task names
 * its device). Under `taskKeys.all` sit the lists, the open task, the Maintenance panels and the
 * compliance figures.
 */
const TASK_LIVE_RULES: LiveCacheRules = {
  'task:created': invalidates(taskKeys.all),
  'task:updated': invalidates(taskKeys.all),
  'task:completed': invalidates(taskKeys.all),
  'task:deleted': invalidates(taskKeys.all),
  'task:statusChanged': invalidates(taskKeys.all),
  'task:workUpdated': invalidates(taskKeys.all),
  'task:certified': invalidates(taskKeys.all),
  'equipment:created': invalidates(taskKeys.equipmentSearches()),
  'equipment:updated': invalidates(taskKeys.all),
  'equipment:deleted': invalidates(taskKeys.equipmentSearches()),
  'equipment:statusChanged': invalidates(taskKeys.all),
  'equipment:imported': invalidates(taskKeys.equipmentSearches()),
  'user:changed': invalidates(peopleKeys.all),
};

/**
 * Keeps every task screen's cached data in step with the live events while live updates are on.
 * A page calls it once (the Tasks and Maintenance pages): its lists, the open task and the
 * figures are all under `taskKeys.all`, so one subscription serves them, and one event asks each
 * query once.
 */
export function useTaskLiveUpdates() {
  useLiveQueryUpdates(useQueryClient(), TASK_LIVE_RULES);
}

/** The message of a failed read: the server's, else the screen's own. */
export function readError(query: { isError: boolean; error: unknown }, fallback: string): string | null {
  return query.isError ? errorMessage(query.error, fallback) : null;
}

/**
 * One page of tasks from the server, as many as the person's Items per page (eight until they pick
 * one), within the person's scope (a Technician's own tasks). While another page or filter loads,
 * the page shown stays.
 */
export function useTaskList(filters: TaskListFilters, scope: ListScope) {
  const query = taskListQuery(filters, usePageSize(PAGE_SIZES.tasks), scope);
  return useQuery({
    queryKey: taskKeys.list(query),
    queryFn: apiQuery<TaskListResponse>(`/tasks?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One task with its status history and audit trail, for its details dialog. */
export function useTaskDetail(id: string) {
  return useQuery({
    queryKey: taskKeys.detail(id),
    queryFn: apiQuery<TaskDetail>(`/tasks/${encodeURIComponent(id)}`),
  });
}

export type MaintenancePanelKind = 'preventive' | 'history';

const PANEL_QUERIES: Record<MaintenancePanelKind, (search: string, page: number) => string> = {
  preventive: preventiveQuery,
  history: historyQuery,
};

/** The spec's one text for a Maintenance panel that cannot be read. */
export const MAINTENANCE_FETCH_ERROR = 'Failed to fetch maintenance data';

/** One page of a Maintenance panel, as the server pages and filters it (never the whole list). */
export function useMaintenancePanel(kind: MaintenancePanelKind, search: string, page: number) {
  const query = PANEL_QUERIES[kind](search, page);
  return useQuery({
    queryKey: maintenanceKeys.panel(kind, query),
    queryFn: apiQuery<TaskListResponse>(`/tasks?${query}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * This month's PM compliance (the server's default period): the figures, and how many occurrences
 * are overdue and devices in the PM program have no plan (the lists are read when opened).
 */
export function usePmCompliance() {
  return useQuery({
    queryKey: maintenanceKeys.compliance(),
    queryFn: apiQuery<PmComplianceResponse>('/maintenance/compliance'),
  });
}

/** The pages each compliance list answers. */
interface ComplianceListPages {
  overdue: OverduePmPage;
  unplanned: UnplannedDevicesPage;
}

/**
 * A compliance list read a page at a time, as the server pages it (25 a page): the overdue
 * occurrences (a Technician's own) or the devices without a plan. The page shown stays while the
 * next loads; when the list shrinks below the page shown (work done meanwhile), its last page is
 * shown instead.
 */
export function useComplianceList<L extends keyof ComplianceListPages>(list: L) {
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page) }).toString();
  const read = useQuery({
    queryKey: maintenanceKeys.complianceList(list, query),
    queryFn: apiQuery<ComplianceListPages[L]>(`/maintenance/compliance/${list}?${query}`),
    placeholderData: keepPreviousData,
  });
  const pages = read.isPlaceholderData ? undefined : read.data?.pages;
  // Adjusted while rendering (not in an effect), so the empty page past the end is never drawn.
  if (pages !== undefined && page > pages) setPage(pages);
  return { read, setPage };
}

/**
 * The people a task may be assigned to. `any` (the Tasks page's technician filter) also lists
 * active people no longer approved for tasks, because their old tasks stay assigned to them.
 * Asked only when `enabled` (an Engineer or Admin is looking).
 */
export function useAssignees(approved: 'true' | 'any', enabled: boolean) {
  const query = useQuery({
    queryKey: peopleKeys.assignees(approved),
    queryFn: apiQuery<AssigneeListResponse>(
      `/users/preapproved/technicians?approved=${approved}&limit=${TECHNICIAN_LIST_LIMIT}`,
    ),
    enabled,
  });
  return { people: query.data?.technicians ?? [], error: readError(query, 'Failed to load technicians') };
}

/** The Create Task form's Assign To list. */
export function useAssignableUsers(enabled: boolean) {
  const query = useQuery({
    queryKey: peopleKeys.taskUsers(),
    queryFn: apiQuery<TaskUsersResponse>('/auth/users'),
    enabled,
  });
  return { people: query.data?.users ?? [], error: readError(query, 'Failed to load users') };
}

/** One device a task form starts with (Report Issue's `?equipment=<id>`), asked for by its id. */
export function useStartingDevice(id: string | null) {
  return useQuery({
    queryKey: equipmentKeys.detail(id ?? ''),
    queryFn: apiQuery<EquipmentDetail>(`/equipment/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null && id !== '',
  });
}

/** How many devices the picker offers at once; typing narrows the rest down. */
export const PICKER_LIMIT = 20;

/**
 * The devices matching what is typed in an equipment picker: the server's first PICKER_LIMIT
 * matches (the inventory is far too large to load whole).
 */
export function equipmentSearch(q: string): ComboboxSearch<EquipmentDto> {
  const params = new URLSearchParams({ limit: String(PICKER_LIMIT) });
  if (q) params.set('q', q);
  const read = apiQuery<EquipmentListResponse>(`/equipment?${params.toString()}`);
  return {
    queryKey: taskKeys.equipmentSearch(q),
    queryFn: async (context) => {
      const answer = await read(context);
      return { items: answer.equipment, total: answer.total };
    },
  };
}

/** After a change of tasks: every task list, panel, figure and open task is asked again. */
export function refreshTasks(client: QueryClient) {
  // Not awaited: the form or dialog finishes at once, and the lists follow when their answer comes.
  void client.invalidateQueries({ queryKey: taskKeys.all });
}

/**
 * Puts a task as the server just answered it into every cached page at once: its new `version` is
 * what the card's next change must send, before the reloaded page arrives.
 */
export function putTask(client: QueryClient, task: TaskDto) {
  client.setQueriesData<TaskListResponse>({ queryKey: taskKeys.lists() }, (page) =>
    page ? { ...page, tasks: page.tasks.map((shown) => (shown._id === task._id ? task : shown)) } : page,
  );
  refreshTasks(client);
}

/**
 * A change of one task on its card: it is put into the page, then every list is asked again. A
 * change refused because the task changed meanwhile (409) asks again too, so the newest version
 * is shown and the next change sends it.
 */
function useTaskChange<Input>(send: (input: Input) => Promise<TaskDto>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (task) => putTask(client, task),
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) refreshTasks(client);
    },
  });
}

const taskPath = (task: TaskDto, part = '') => `/tasks/${encodeURIComponent(task._id)}${part}`;

export function useChangeStatus(task: TaskDto) {
  return useTaskChange((status: TaskStatus) =>
    api.put<TaskDto>(taskPath(task, '/status'), { status, version: task.version }),
  );
}

export function useAssignTask(task: TaskDto) {
  return useTaskChange((assignedTo: string) =>
    api.put<TaskDto>(taskPath(task), { assignedTo: assignedTo || null, version: task.version }),
  );
}

export function useCertifyTask(task: TaskDto) {
  return useTaskChange(() => api.put<TaskDto>(taskPath(task, '/certify'), { version: task.version }));
}

export function useRecordWork(task: TaskDto) {
  return useTaskChange((body: RecordWorkRequest) => api.put<TaskDto>(taskPath(task, '/work'), body));
}

/** Creates a task (Create Task, Assign Task): every list is asked again. */
export function useCreateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskRequest) => api.post<TaskCreatedResponse>('/tasks', body),
    onSuccess: () => refreshTasks(client),
  });
}

/** Report Issue: a fault report becomes a task. */
export function useReportIssue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportIssueRequest) => api.post<TaskCreatedResponse>('/maintenance/report', body),
    onSuccess: () => refreshTasks(client),
  });
}

/**
 * A device's open fault reports, the first PAGE_SIZES.openFaults of them (Report Issue's hint).
 * Under the tasks' key: every task event may open or close one.
 */
export const openFaultsKey = (equipmentId: string) => [...taskKeys.all, 'open-faults', equipmentId] as const;

export function useOpenFaults(equipmentId: string | null) {
  const id = equipmentId ?? '';
  return useQuery({
    queryKey: openFaultsKey(id),
    queryFn: apiQuery<OpenFaultPage>(
      `/equipment/${encodeURIComponent(id)}/open-faults?limit=${PAGE_SIZES.openFaults}`,
    ),
    enabled: id !== '',
  });
}

/**
 * Adds the person's account to an open fault report. Refused or not, the device's open faults are
 * read again: a refusal usually means the fault was closed meanwhile.
 */
export function useAddToReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, body }: { taskId: string; body: AddToReportRequest }) =>
      api.post<AddedReport>(`/tasks/${encodeURIComponent(taskId)}/reports`, body),
    onSettled: () => refreshTasks(client),
  });
}

/** Schedules a PM plan and its first occurrence: the panels and the compliance figures follow. */
export function useSchedulePm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePmPlanRequest) => api.post<PmPlanCreatedResponse>('/maintenance/schedule', body),
    onSuccess: () => refreshTasks(client),
  });
}
