import { CERTIFICATION_MESSAGE_MS, STATUS_MESSAGE_MS } from '@caliber/contracts';
import {
  Button,
  CountLines,
  EmptyState,
  LoadStates,
  PageHeader,
  Pager,
  SelectField,
  TextField,
  useToast,
} from '@caliber/ui-kit';
import { useAddressFilters, useAddressSearch, useCurrentUser } from '@caliber/web';
import { useMemo, useState } from 'react';
import { AssignTaskModal } from '../components/AssignTaskModal';
import { TaskCard, type TaskCardEvents } from '../components/TaskCard';
import { TaskDetailDialog } from '../components/TaskDetailDialog';
import { readError, useAssignees, useTaskList, useTaskLiveUpdates } from '../hooks/task-queries';
import { showingLine, statusBreakdown, taskCountLine } from '../utils/count-line';
import { assignedMessage } from '../utils/format';
import { TASK_VIEW_LABELS, taskFiltersOf } from '../utils/task-list-query';
import { listScope } from '../utils/task-permissions';
import '../tasks.css';

const SEARCH_DEBOUNCE_MS = 300;
/** How long a save's success line stays (assignment, work details): long enough to read. */
const SAVED_MESSAGE_MS = 4000;

type Param = 'q' | 'technician' | 'task' | 'show';

/**
 * /tasks: the search, for Engineers and Admins the technician filter and Assign Task, the count
 * lines, the task cards with their pager, and a task's details. Filters, page and the open task
 * live in the address, so a view can be bookmarked or shared; opening a task pushes a history
 * entry, so Back closes it.
 */
export function TaskManagementPage() {
  const user = useCurrentUser();
  const scope = listScope(user.role);
  const { params, update } = useAddressFilters<Param>({ recordKeys: ['task'] });
  const filters = taskFiltersOf(params);
  const [search, setSearch] = useAddressSearch(filters.q, update, SEARCH_DEBOUNCE_MS);
  const [assigning, setAssigning] = useState(false);
  const toast = useToast();
  // Task and equipment events reload the page and the open task.
  useTaskLiveUpdates();
  const list = useTaskList(filters, scope);
  const { data } = list;
  const error = readError(list, 'Failed to fetch tasks');
  const reload = () => void list.refetch();
  const technicians = useAssignees('any', scope.technicianFilter);
  // Engineers and Admins (re)assign tasks on their cards to people approved to receive them.
  const approved = useAssignees('true', scope.technicianFilter);
  const openId = params.get('task');

  // The changes themselves put the task into the page and ask every list again (the tasks' query
  // keys); the page says what was done.
  const cardEvents = useMemo<TaskCardEvents>(
    () => ({
      onOpen: (task) => update({ task: task._id }),
      onStatusChanged: () => toast.success('Task status submitted.', { durationMs: STATUS_MESSAGE_MS }),
      onCertified: () =>
        toast.success('Task certified. Equipment updated.', { durationMs: CERTIFICATION_MESSAGE_MS }),
      onWorkSaved: () => toast.success('Work details saved', { durationMs: SAVED_MESSAGE_MS }),
      onAssigned: () => toast.success('Task assigned successfully!', { durationMs: SAVED_MESSAGE_MS }),
    }),
    [update, toast],
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
        className={`ck-filters ${scope.technicianFilter ? 'ck-filters--one-select' : 'ck-filters--search-only'}`}
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
              line={taskCountLine(data.total, technicianName, filters.q, data.more)}
              notes={[
                statusBreakdown(data.counts),
                showingLine(data.page, data.limit, data.tasks.length, data.total, data.more),
              ]}
              updating={list.isFetching}
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
            toast.success(assignedMessage(task), { durationMs: SAVED_MESSAGE_MS });
          }}
        />
      ) : null}
      {openId ? <TaskDetailDialog id={openId} onClose={() => update({ task: '' })} /> : null}
    </div>
  );
}
