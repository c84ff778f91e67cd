import {
  CREATE_TASK_DEFAULT_PRIORITY,
  createTaskSchema,
  type TaskCreatedResponse,
  type TaskDto,
  type TaskPriority,
} from '@caliber/contracts';
import { Button, ErrorBox, focusFormField, SelectField, TextField } from '@caliber/ui-kit';
import { api } from '@caliber/web';
import { useRef, useState, type FormEvent } from 'react';
import { useAssignableUsers } from '../hooks/task-queries';
import { anyOf, failureMessage, fieldIssues, firstInvalid } from '../utils/form-issues';
import { EquipmentPicker, type EquipmentChoice } from './EquipmentPicker';
import { PrioritySelect } from './PrioritySelect';
import { AssigneeSelect, TaskDescriptionField, TaskTitleField } from './TaskFormFields';

/** A new task is Pending, or In Progress when it is assigned and the work has begun. */
const NEW_TASK_STATUSES = ['Pending', 'In Progress'] as const;
type NewTaskStatus = (typeof NEW_TASK_STATUSES)[number];

interface Draft {
  title: string;
  description: string;
  priority: TaskPriority;
  dueDate: string;
  equipment: EquipmentChoice | null;
  assignedTo: string;
  status: NewTaskStatus;
}

const DEFAULTS: Draft = {
  title: '',
  description: '',
  priority: CREATE_TASK_DEFAULT_PRIORITY,
  dueDate: '',
  equipment: null,
  assignedTo: '',
  status: 'Pending',
};

const REQUIRED = ['title', 'description', 'priority', 'equipmentId'];
const REQUIRED_MESSAGE = 'Please provide title, priority, and equipment';
const FIELD_ORDER = ['title', 'description', 'priority', 'dueDate', 'equipmentId', 'assignedTo', 'status'];

/**
 * The Create Task form: Task Details (title, description, priority, due date) and Assignment
 * (equipment, assignee, status). The contract's schema decides what is missing; a created task
 * resets the form and is handed to the page.
 */
export function CreateTaskForm({ onCreated }: { onCreated(task: TaskDto): void }) {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(DEFAULTS);
  const [issues, setIssues] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const users = useAssignableUsers(true);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = createTaskSchema.safeParse({
      title: draft.title,
      description: draft.description,
      priority: draft.priority,
      dueDate: draft.dueDate,
      equipmentId: draft.equipment?._id ?? '',
      assignedTo: draft.assignedTo,
      status: draft.status,
    });
    const found = fieldIssues(result.error);
    // The API lets the Assign Task modal leave the description empty; this form asks for one.
    if (!draft.description.trim()) found.set('description', 'Description is required.');
    setIssues(found);
    if (!result.success || found.size > 0) {
      setError(anyOf(found, REQUIRED) ? REQUIRED_MESSAGE : (found.values().next().value ?? REQUIRED_MESSAGE));
      const first = firstInvalid(found, FIELD_ORDER);
      if (first) focusFormField(form.current, first);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { task } = await api.post<TaskCreatedResponse>('/tasks', result.data);
      setDraft(DEFAULTS);
      onCreated(task);
    } catch (failure) {
      setError(failureMessage(failure, 'Failed to create task'));
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    setDraft(DEFAULTS);
    setIssues(new Map());
    setError(null);
  }

  const below = (key: string) => (error === REQUIRED_MESSAGE ? null : issues.get(key));
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Create New Task" className="task-form">
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <section className="task-form__section" aria-labelledby="create-task-details">
        <h2 id="create-task-details" className="task-form__heading">
          Task Details
        </h2>
        <TaskTitleField
          label="Task Title"
          value={draft.title}
          invalid={issues.has('title')}
          error={below('title')}
          onChange={(value) => set('title', value)}
        />
        <TaskDescriptionField
          required
          rows={4}
          value={draft.description}
          invalid={issues.has('description')}
          error={below('description')}
          onChange={(value) => set('description', value)}
        />
        <div className="task-form__grid">
          <PrioritySelect required value={draft.priority} onChange={(value) => set('priority', value)} />
          <TextField
            label="Due Date"
            name="dueDate"
            type="date"
            hint="Optional"
            value={draft.dueDate}
            error={issues.get('dueDate')}
            onChange={(event) => set('dueDate', event.target.value)}
          />
        </div>
      </section>

      <section className="task-form__section" aria-labelledby="create-task-assignment">
        <h2 id="create-task-assignment" className="task-form__heading">
          Assignment
        </h2>
        <EquipmentPicker
          label="Equipment"
          name="equipmentId"
          required
          placeholder="Select equipment"
          value={draft.equipment}
          invalid={issues.has('equipmentId')}
          error={below('equipmentId')}
          onChange={(value) => set('equipment', value)}
        />
        <div className="task-form__grid">
          <AssigneeSelect
            people={users.people}
            placeholder="Select user"
            hint={users.error ?? 'Optional'}
            value={draft.assignedTo}
            error={issues.get('assignedTo')}
            onChange={(value) => set('assignedTo', value)}
          />
          <SelectField<NewTaskStatus>
            label="Status"
            name="status"
            value={draft.status}
            error={issues.get('status')}
            onChange={(value) => set('status', value)}
            options={NEW_TASK_STATUSES.map((status) => ({ value: status, label: status }))}
          />
        </div>
      </section>

      <div className="task-form__actions">
        <Button variant="secondary" disabled={busy} onClick={reset}>
          Reset Form
        </Button>
        <Button type="submit" busy={busy} busyLabel="Creating...">
          Create Task
        </Button>
      </div>
    </form>
  );
}
