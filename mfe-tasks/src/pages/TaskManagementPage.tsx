import { CERTIFICATION_MESSAGE_MS, STATUS_MESSAGE_MS } from '@caliber/contracts';
import {
  Button,
  CountLines,
  EmptyState,
  LoadStates,
  PageHeader,
  Pager,
  SelectField,
  type StatusMessage,
  StatusToast,
  TextField,
} from '@caliber/ui-kit';
import { useCurrentUser, useSearchParams } from '@caliber/web';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { AssignTaskModal } from '../components/AssignTaskModal';
import { TaskCard, type TaskCardEvents } from '../components/TaskCard';
import { TaskDetailDialog } from '../components/TaskDetailDialog';
import { useAssignees } from '../hooks/use-people';
import { useTaskList } from '../hooks/use-task-list';
import { showingLine, statusBreakdown, taskCountLine } from '../utils/count-line';
import { assignedMessage } from '../utils/format';
import { TASK_VIEW_LABELS, taskFiltersOf } from '../utils/task-list-query';
import { listScope } from '../utils/task-permissions';
import '../tasks.css';

const SEARCH_DEBOUNCE_MS = 300;
/** How long a save's success line stays (assignment, work details): long enough to read. */
const SAVED_MESSAGE_MS = 4000;

interface Toast {
  message: StatusMessage;
  durationMs: number;
}

type Param = 'q' | 'technician' | 'page' | 'task' | 'show';

/**
 * /tasks: the search, for Engineers and Admins the technician filter and Assign Task, the count
 * lines, the task cards with their pager, and a task's details. Filters, page and the open task
 * live in the address, so a view can be bookmarked or shared.
 */
export function TaskManagementPage() {
  const user = useCurrentUser();
  const scope = listScope(user.role);
  const [params, setParams] = useSearchParams();
  const filters = taskFiltersOf(params);
  const [search, setSearch] = useState(filters.q);
  const [assigning, setAssigning] = useState(false);
  const [toast, setToast] = useState<Toast | null>(null);
  const { data, error, loading, reload, replaceTask } = useTaskList(filters, scope);
  const technicians = useAssignees('any', scope.technicianFilter);
  // Engineers and Admins (re)assign tasks on their cards to people approved to receive them.
  const approved = useAssignees('true', scope.technicianFilter);
  const openId = params.get('task');

  const update = (changes: Partial<Record<Param, string>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes) && !('task' in changes)) next.delete('page');
        return next;
      },
      { replace: !('task' in changes) },
    );

  useEffect(() => {
    if (search === filters.q) return;
    const timer = window.setTimeout(() => update({ q: search }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // `update` changes identity every render; the search text alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const clearToast = useCallback(() => setToast(null), []);
  const show = useCallback((text: string, durationMs: number) => {
    setToast({ message: { text, tone: 'success' }, durationMs });
  }, []);

  const cardEvents = useMemo<TaskCardEvents>(
    () => ({
      onOpen: (task) => update({ task: task._id }),
      onStatusChanged: (task) => {
        replaceTask(task);
        reload();
        show('Task status submitted.', STATUS_MESSAGE_MS);
      },
      onCertified: (task) => {
        replaceTask(task);
        reload();
        show('Task certified. Equipment updated.', CERTIFICATION_MESSAGE_MS);
      },
      onWorkSaved: (task) => {
        replaceTask(task);
        reload();
        show('Work details saved', SAVED_MESSAGE_MS);
      },
      onAssigned: (task) => {
        replaceTask(task);
        reload();
        show('Task assigned successfully!', SAVED_MESSAGE_MS);
      },
      onStale: reload,
    }),
    // `update` changes identity every render but only reads the current address when called.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [reload, replaceTask, show],
  );

  const technicianName = technicians.people.find((person) => person._id === filters.technician)?.name ?? '';
  const technicianOptions = [
    { value: '', label: 'All Technicians' },
    ...technicians.people.map((person) => ({ value: person._id, label: person.name })),
  ];
  // A filter from a shared address keeps its place even before (or without) the list naming it.
  if (filters.technician && !technicianName)
    technicianOptions.push({ value: filters.technician, label: 'Selected technician' });

  return (
    <div className="page tasks-page">
      <PageHeader
        title="Task Management"
        description={
          scope.ownOnly
            ? 'The tasks assigned to you, and the faults you reported: update your tasks and record your work.'
            : 'Every maintenance task: follow, assign and certify the work.'
        }
        actions={
          scope.technicianFilter ? <Button onClick={() => setAssigning(true)}>Assign Task</Button> : null
        }
      />

      <div
        className={`tasks-filters${scope.technicianFilter ? '' : ' tasks-filters--search-only'}`}
        role="search"
      >
        <TextField
          label="Search"
          id="task-search"
          type="search"
          placeholder="Title, description or equipment"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {scope.technicianFilter ? (
          <SelectField
            label="Technician"
            value={filters.technician}
            onChange={(technician) => update({ technician })}
            options={technicianOptions}
            hint={technicians.error ?? undefined}
          />
        ) : null}
      </div>

      {filters.show ? (
        <p className="tasks-view" role="status">
          {TASK_VIEW_LABELS[filters.show]}{' '}
          <Button variant="link" onClick={() => update({ show: '' })}>
            Show all tasks
          </Button>
        </p>
      ) : null}

      <LoadStates data={data} error={error} onRetry={reload} loadingText="Loading tasks…">
        {(data) => (
          <>
            <CountLines
              line={taskCountLine(data.total, technicianName, filters.q)}
              notes={[
                statusBreakdown(data.counts),
                showingLine(data.page, data.limit, data.tasks.length, data.total),
              ]}
              updating={loading}
            />
            {data.tasks.length === 0 ? (
              <EmptyState title="No tasks found" text="Try adjusting your search or filters." />
            ) : (
              <div className="ck-card-grid tasks-grid">
                {data.tasks.map((task) => (
                  <TaskCard
                    key={task._id}
                    task={task}
                    viewer={user}
                    events={cardEvents}
                    assignees={approved.people}
                  />
                ))}
              </div>
            )}
            <Pager
              page={data.page}
              totalPages={data.pages}
              label="Task pages"
              onPage={(page) => update({ page: String(page) })}
            />
          </>
        )}
      </LoadStates>

      {assigning ? (
        <AssignTaskModal
          onClose={() => setAssigning(false)}
          onAssigned={(task) => {
            setAssigning(false);
            reload();
            show(assignedMessage(task), SAVED_MESSAGE_MS);
          }}
        />
      ) : null}
      {openId ? <TaskDetailDialog id={openId} onClose={() => update({ task: '' })} /> : null}
      <StatusToast message={toast?.message ?? null} durationMs={toast?.durationMs ?? 0} onDone={clearToast} />
    </div>
  );
}
