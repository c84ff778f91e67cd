import {
  SCHEDULE_PAGE_PRIORITIES,
  type PmPlanCreatedResponse,
  type SchedulePriority,
} from '@caliber/contracts';
import {
  Button,
  Card,
  ErrorBox,
  focusFormField,
  PageHeader,
  SelectField,
  TextField,
  useToast,
} from '@caliber/ui-kit';
import { api, errorMessage, Link, useNavigate } from '@caliber/web';
import { useRef, useState, type FormEvent } from 'react';
import { EquipmentPicker, type EquipmentChoice } from '../components/EquipmentPicker';
import { priorityClass } from '../components/PriorityBadge';
import { ScheduleBasisFields } from '../components/ScheduleBasisFields';
import {
  AssigneeSelect,
  HoursField,
  PmTypeSelect,
  TaskDescriptionField,
  TaskTitleField,
} from '../components/TaskFormFields';
import { useAssignees } from '../hooks/task-queries';
import { firstInvalid } from '../utils/form-issues';
import {
  checkPageDraft,
  EMPTY_PAGE_DRAFT,
  SCHEDULE_FREQUENCY_OPTIONS,
  type PageDraft,
} from '../utils/schedule-form';
import { optionsWithPlaceholder } from '../utils/select-options';
import '../tasks.css';

const LOAD_ERROR = 'Failed to load equipment and users';
const FIELD_ORDER = [
  'equipmentId',
  'title',
  'description',
  'scheduledDate',
  'frequency',
  'duration',
  'assignedTo',
  'priority',
  'pmType',
  'scheduleBasis',
  'justification',
];

/**
 * /schedule-preventive (Engineers and Admins, at the route): recurring preventive work on a device. It
 * creates a PM plan and its first occurrence; the frequency becomes the plan's interval and the
 * duration its estimated hours. On success the person is told so and taken to Maintenance.
 */
export function SchedulePreventivePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<PageDraft>(EMPTY_PAGE_DRAFT);
  const [equipment, setEquipment] = useState<EquipmentChoice | null>(null);
  const [issues, setIssues] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const assignees = useAssignees('true', true);
  const set = <K extends keyof PageDraft>(key: K, value: PageDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkPageDraft(draft);
    if (!checked.ok) {
      setIssues(checked.issues);
      setError(null);
      const first = firstInvalid(checked.issues, FIELD_ORDER);
      if (first) focusFormField(form.current, first);
      return;
    }
    setIssues(new Map());
    setBusy(true);
    setError(null);
    try {
      await api.post<PmPlanCreatedResponse>('/maintenance/schedule', checked.body);
      toast.success('Preventive maintenance scheduled successfully!');
      navigate('/maintenance');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to schedule preventive maintenance'));
      setBusy(false);
    }
  }

  return (
    <div className="page tasks-page">
      <PageHeader
        title="Schedule Preventive Maintenance"
        description="Recurring work on a device: the first visit is due on the scheduled date, each next one a frequency later. Fields marked * are required."
        actions={<Link to="/maintenance">Back to Maintenance</Link>}
      />
      {assignees.error ? <ErrorBox>{LOAD_ERROR}</ErrorBox> : null}
      <Card>
        <form
          ref={form}
          onSubmit={submit}
          noValidate
          aria-label="Schedule Preventive Maintenance"
          className="task-form"
        >
          {error ? <ErrorBox>{error}</ErrorBox> : null}
          <section className="task-form__section" aria-labelledby="schedule-work">
            <h2 id="schedule-work" className="task-form__heading">
              The work
            </h2>
            <EquipmentPicker
              label="Equipment"
              name="equipmentId"
              required
              value={equipment}
              error={issues.get('equipmentId')}
              errorFallback={LOAD_ERROR}
              onChange={(value) => {
                setEquipment(value);
                set('equipmentId', value?._id ?? '');
              }}
            />
            <TaskTitleField
              placeholder="e.g. Monthly defibrillator safety test"
              value={draft.title}
              error={issues.get('title')}
              onChange={(title) => set('title', title)}
            />
            <TaskDescriptionField
              required
              rows={4}
              placeholder="What each visit does: checks, parts to replace, tests to run"
              value={draft.description}
              error={issues.get('description')}
              onChange={(description) => set('description', description)}
            />
          </section>

          <section className="task-form__section" aria-labelledby="schedule-when">
            <h2 id="schedule-when" className="task-form__heading">
              Schedule and assignment
            </h2>
            <div className="task-form__grid">
              <TextField
                label="Scheduled Date"
                name="scheduledDate"
                type="date"
                required
                value={draft.scheduledDate}
                error={issues.get('scheduledDate')}
                onChange={(event) => set('scheduledDate', event.target.value)}
              />
              <SelectField<PageDraft['frequency']>
                label="Frequency"
                name="frequency"
                required
                value={draft.frequency}
                error={issues.get('frequency')}
                onChange={(frequency) => set('frequency', frequency)}
                options={optionsWithPlaceholder('Select frequency', SCHEDULE_FREQUENCY_OPTIONS)}
              />
              <HoursField
                label="Duration (hours)"
                name="duration"
                value={draft.duration}
                error={issues.get('duration')}
                onChange={(duration) => set('duration', duration)}
              />
              <AssigneeSelect
                people={assignees.people}
                hint="Optional: unassigned work waits in the Preventive Maintenance panel."
                value={draft.assignedTo}
                error={issues.get('assignedTo')}
                onChange={(assignedTo) => set('assignedTo', assignedTo)}
              />
              <SelectField<SchedulePriority>
                label="Priority"
                name="priority"
                required
                className={`task-priority-field ${priorityClass(draft.priority)}`}
                value={draft.priority}
                error={issues.get('priority')}
                onChange={(priority) => set('priority', priority)}
                options={SCHEDULE_PAGE_PRIORITIES.map((priority) => ({ value: priority, label: priority }))}
              />
            </div>
          </section>

          <section className="task-form__section" aria-labelledby="schedule-plan">
            <h2 id="schedule-plan" className="task-form__heading">
              PM plan
            </h2>
            <p className="muted maintenance-form__help">
              This schedule becomes a PM plan, which records the kind of work and why the device is maintained
              on this schedule: accreditation surveys ask for both, and an alternative schedule needs its
              justification written down.
            </p>
            <div className="task-form__grid">
              <PmTypeSelect
                value={draft.pmType}
                error={issues.get('pmType')}
                onChange={(pmType) => set('pmType', pmType)}
              />
            </div>
            <ScheduleBasisFields
              value={draft}
              onChange={(basis) => setDraft((current) => ({ ...current, ...basis }))}
              issues={issues}
            />
          </section>

          <div className="task-form__actions">
            <Button type="submit" busy={busy} busyLabel="Scheduling...">
              Schedule Maintenance
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
