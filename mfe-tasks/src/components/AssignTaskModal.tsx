import {
  ASSIGN_MODAL_DEFAULT_PRIORITY,
  ASSIGN_MODAL_INTERVALS,
  createTaskSchema,
  TASK_TYPES,
  type TaskCreatedResponse,
  type PmType,
  type TaskDto,
  type TaskPriority,
} from '@caliber/contracts';
import { ErrorBox, focusFormField, Modal, ModalFormButtons, SelectField, TextField } from '@caliber/ui-kit';
import { api } from '@caliber/web';
import { useRef, useState, type FormEvent } from 'react';
import { useAssignees } from '../hooks/task-queries';
import { anyOf, failureMessage, fieldIssues, firstInvalid } from '../utils/form-issues';
import { EquipmentPicker, type EquipmentChoice } from './EquipmentPicker';
import { PrioritySelect } from './PrioritySelect';
import { AssigneeSelect, PmTypeSelect, TaskDescriptionField, TaskTitleField } from './TaskFormFields';

interface Draft {
  title: string;
  description: string;
  taskType: string;
  pmType: PmType | '';
  pmInterval: string;
  priority: TaskPriority;
  equipment: EquipmentChoice | null;
  assignedTo: string;
  dueDate: string;
}

const EMPTY: Draft = {
  title: '',
  description: '',
  taskType: '',
  pmType: '',
  pmInterval: '',
  priority: ASSIGN_MODAL_DEFAULT_PRIORITY,
  equipment: null,
  assignedTo: '',
  dueDate: '',
};

/** The modal's own required fields, named as its message names them. */
const REQUIRED = ['title', 'taskType', 'equipmentId', 'dueDate'];
const REQUIRED_MESSAGE = 'Please fill in Title, Task Type, Equipment and Due Date';
const PREVENTIVE_MESSAGE = 'For Preventive tasks, select PM Type and Periodic Interval.';
const FIELD_ORDER = [
  'title',
  'description',
  'taskType',
  'pmType',
  'pmInterval',
  'priority',
  'equipmentId',
  'assignedTo',
  'dueDate',
];

const choose = (placeholder: string, values: readonly string[]) => [
  { value: '', label: placeholder },
  ...values.map((value) => ({ value, label: value })),
];

/**
 * 'Assign New Task' (Tasks page, Engineers and Admins). The body is the contract's create body,
 * checked by its schema before it is sent; this modal also wants a due date, and a PM type and
 * interval for a Preventive task. A Preventive task schedules a PM plan (the server makes the
 * task its first occurrence, due on the due date), and the modal says so before it is sent.
 */
export function AssignTaskModal({
  onClose,
  onAssigned,
}: {
  onClose(): void;
  onAssigned(task: TaskDto): void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [issues, setIssues] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const assignees = useAssignees('true', true);
  const preventive = draft.taskType === 'Preventive';

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const text = (key: 'dueDate') => ({
    name: key,
    value: draft[key],
    invalid: issues.has(key),
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = createTaskSchema.safeParse({
      title: draft.title,
      description: draft.description,
      taskType: draft.taskType,
      pmType: preventive ? draft.pmType : '',
      pmInterval: preventive ? draft.pmInterval : '',
      priority: draft.priority,
      equipmentId: draft.equipment?._id ?? '',
      assignedTo: draft.assignedTo,
      dueDate: draft.dueDate,
    });
    const found = new Map(fieldIssues(result.error));
    if (!draft.dueDate.trim()) found.set('dueDate', 'Due date is required.');
    if (preventive && found.has('pmType')) {
      if (!draft.pmType) found.set('pmType', PREVENTIVE_MESSAGE);
      if (!draft.pmInterval) found.set('pmInterval', PREVENTIVE_MESSAGE);
    }
    setIssues(found);
    if (!result.success || found.size > 0) {
      setError(
        anyOf(found, REQUIRED)
          ? REQUIRED_MESSAGE
          : anyOf(found, ['pmType', 'pmInterval'])
            ? PREVENTIVE_MESSAGE
            : (found.values().next().value ?? REQUIRED_MESSAGE),
      );
      const first = firstInvalid(found, FIELD_ORDER);
      if (first) focusFormField(form.current, first);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { task } = await api.post<TaskCreatedResponse>('/tasks', result.data);
      onAssigned(task);
    } catch (failure) {
      setError(failureMessage(failure, 'Failed to create task'));
    } finally {
      setBusy(false);
    }
  }

  /** Messages under the fields say what the top message does not: a text too long, a description missing. */
  const below = (key: string) =>
    error === REQUIRED_MESSAGE || error === PREVENTIVE_MESSAGE ? null : issues.get(key);

  return (
    <Modal
      title="Assign New Task"
      open
      onClose={onClose}
      footer={
        <ModalFormButtons
          form="assign-task-form"
          submitLabel="Assign Task"
          busyLabel="Assigning..."
          busy={busy}
          onCancel={onClose}
        />
      }
    >
      <form
        id="assign-task-form"
        ref={form}
        onSubmit={submit}
        noValidate
        aria-label="Assign New Task"
        className="task-form"
      >
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        <TaskTitleField
          value={draft.title}
          invalid={issues.has('title')}
          error={below('title')}
          onChange={(value) => set('title', value)}
        />
        <TaskDescriptionField
          rows={3}
          value={draft.description}
          invalid={issues.has('description')}
          error={below('description')}
          onChange={(value) => set('description', value)}
        />
        <div className="task-form__grid">
          <SelectField
            label="Task Type"
            name="taskType"
            required
            value={draft.taskType}
            invalid={issues.has('taskType')}
            onChange={(value) => set('taskType', value)}
            options={choose('Select task type', TASK_TYPES)}
          />
          <PrioritySelect required value={draft.priority} onChange={(value) => set('priority', value)} />
          {preventive ? (
            <>
              <PmTypeSelect
                value={draft.pmType}
                invalid={issues.has('pmType')}
                onChange={(value) => set('pmType', value)}
              />
              <SelectField
                label="Periodic Interval"
                name="pmInterval"
                required
                value={draft.pmInterval}
                invalid={issues.has('pmInterval')}
                onChange={(value) => set('pmInterval', value)}
                options={choose('Select interval', ASSIGN_MODAL_INTERVALS)}
              />
            </>
          ) : null}
        </div>
        {preventive ? (
          <p className="task-form__note" id="assign-task-preventive-note">
            Preventive work recurs: this schedules a PM plan. Its first occurrence is due on the Due Date, the
            next one every interval after, each assigned as chosen here. The plan shows on the Maintenance
            page.
          </p>
        ) : null}
        <EquipmentPicker
          label="Equipment"
          name="equipmentId"
          required
          value={draft.equipment}
          onChange={(value) => set('equipment', value)}
          invalid={issues.has('equipmentId')}
          error={below('equipmentId')}
        />
        <div className="task-form__grid">
          <AssigneeSelect
            people={assignees.people}
            hint={assignees.error ?? 'Optional'}
            value={draft.assignedTo}
            invalid={issues.has('assignedTo')}
            onChange={(value) => set('assignedTo', value)}
          />
          <TextField label="Due Date" type="date" required {...text('dueDate')} />
        </div>
      </form>
    </Modal>
  );
}
