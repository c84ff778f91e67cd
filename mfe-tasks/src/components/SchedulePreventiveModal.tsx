import {
  MAINTENANCE_MODAL_INTERVALS,
  type PmPlanCreatedResponse,
  type TaskPriority,
} from '@caliber/contracts';
import { ErrorBox, focusFormField, Modal, ModalFormButtons, SelectField, TextField } from '@caliber/ui-kit';
import { api, errorMessage } from '@caliber/web';
import { useRef, useState, type FormEvent } from 'react';
import { useAssignees } from '../hooks/task-queries';
import { firstInvalid } from '../utils/form-issues';
import {
  checkModalDraft,
  EMPTY_MODAL_DRAFT,
  MODAL_REQUIRED_MESSAGE,
  type ModalDraft,
} from '../utils/schedule-form';
import { optionsWithPlaceholder } from '../utils/select-options';
import { EquipmentPicker, type EquipmentChoice } from './EquipmentPicker';
import { PrioritySelect } from './PrioritySelect';
import { ScheduleBasisFields } from './ScheduleBasisFields';
import {
  AssigneeSelect,
  HoursField,
  PmTypeSelect,
  TaskDescriptionField,
  TaskTitleField,
} from './TaskFormFields';

const FIELD_ORDER = [
  'title',
  'description',
  'equipmentId',
  'pmType',
  'interval',
  'dueDate',
  'assignedTo',
  'priority',
  'estimatedHours',
  'scheduleBasis',
  'justification',
];

/**
 * 'Schedule Preventive' (Maintenance page, Engineers and Admins): a PM plan and its first
 * occurrence. The body is the plan contract's, checked by its schema before it is sent.
 */
export function SchedulePreventiveModal({
  device = null,
  onClose,
  onScheduled,
}: {
  /** A device to start with (scheduling a device that has no plan yet). */
  device?: EquipmentChoice | null;
  onClose(): void;
  onScheduled(answer: PmPlanCreatedResponse): void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<ModalDraft>({ ...EMPTY_MODAL_DRAFT, equipmentId: device?._id ?? '' });
  const [equipment, setEquipment] = useState<EquipmentChoice | null>(device);
  const [issues, setIssues] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const assignees = useAssignees('true', true);

  const set = <K extends keyof ModalDraft>(key: K, value: ModalDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkModalDraft(draft);
    if (!checked.ok) {
      setIssues(checked.issues);
      setError(
        checked.missingRequired
          ? MODAL_REQUIRED_MESSAGE
          : (checked.issues.values().next().value ?? MODAL_REQUIRED_MESSAGE),
      );
      const first = firstInvalid(checked.issues, FIELD_ORDER);
      if (first) focusFormField(form.current, first);
      return;
    }
    setIssues(new Map());
    setBusy(true);
    setError(null);
    try {
      onScheduled(await api.post<PmPlanCreatedResponse>('/maintenance/schedule', checked.body));
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to schedule preventive task'));
      setBusy(false);
    }
  }

  /** Under the fields: what the top message does not say (a date unreadable, hours off a half-hour step). */
  const below = (key: string) => (error === MODAL_REQUIRED_MESSAGE ? null : issues.get(key));

  return (
    <Modal
      title="Schedule Preventive Maintenance"
      open
      onClose={onClose}
      footer={
        <ModalFormButtons
          form="schedule-preventive-form"
          submitLabel="Schedule"
          busyLabel="Scheduling..."
          busy={busy}
          onCancel={onClose}
        />
      }
    >
      <form
        id="schedule-preventive-form"
        ref={form}
        onSubmit={submit}
        noValidate
        aria-label="Schedule Preventive Maintenance"
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
        <EquipmentPicker
          label="Equipment"
          name="equipmentId"
          required
          value={equipment}
          invalid={issues.has('equipmentId')}
          error={below('equipmentId')}
          onChange={(value) => {
            setEquipment(value);
            set('equipmentId', value?._id ?? '');
          }}
        />
        <div className="task-form__grid">
          <PmTypeSelect
            value={draft.pmType}
            invalid={issues.has('pmType')}
            error={below('pmType')}
            onChange={(value) => set('pmType', value)}
          />
          <SelectField<ModalDraft['interval']>
            label="Interval"
            name="interval"
            required
            value={draft.interval}
            invalid={issues.has('interval')}
            error={below('interval')}
            onChange={(value) => set('interval', value)}
            options={optionsWithPlaceholder('Select interval', MAINTENANCE_MODAL_INTERVALS)}
          />
          <TextField
            label="Due Date"
            name="dueDate"
            type="date"
            required
            value={draft.dueDate}
            invalid={issues.has('dueDate')}
            error={below('dueDate')}
            onChange={(event) => set('dueDate', event.target.value)}
          />
          <AssigneeSelect
            people={assignees.people}
            hint={assignees.error ?? 'Optional'}
            value={draft.assignedTo}
            error={below('assignedTo')}
            onChange={(value) => set('assignedTo', value)}
          />
          <PrioritySelect
            value={draft.priority}
            onChange={(value: TaskPriority) => set('priority', value)}
            error={below('priority')}
          />
          <HoursField
            label="Estimated Hours"
            name="estimatedHours"
            value={draft.estimatedHours}
            invalid={issues.has('estimatedHours')}
            error={below('estimatedHours')}
            onChange={(value) => set('estimatedHours', value)}
          />
        </div>
        <ScheduleBasisFields
          value={draft}
          onChange={(basis) => setDraft((current) => ({ ...current, ...basis }))}
          issues={issues}
          quiet={error === MODAL_REQUIRED_MESSAGE}
        />
      </form>
    </Modal>
  );
}
