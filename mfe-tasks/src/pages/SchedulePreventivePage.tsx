import { SCHEDULE_PAGE_PRIORITIES } from '@caliber/contracts';
import { Button, Card, ErrorBox, PageHeader, useToast } from '@caliber/ui-kit';
import { Link, useNavigate } from '@caliber/web';
import { useContractForm } from '@caliber/web-forms';
import { BoundEquipment, BoundSelect, BoundText } from '../components/FormBindings';
import { ScheduleBasisFields } from '../components/ScheduleBasisFields';
import {
  AssigneeSelect,
  HoursField,
  PmTypeSelect,
  PrioritySelect,
  TaskDescriptionField,
  TaskTitleField,
} from '../components/TaskFormFields';
import { useAssignees, useSchedulePm } from '../hooks/task-queries';
import { draftSchema } from '../utils/form-issues';
import {
  checkPageDraft,
  EMPTY_PAGE_DRAFT,
  judgePageDraft,
  SCHEDULE_FREQUENCY_OPTIONS,
  withDevice,
  withDeviceId,
  type PageDraft,
  type WithDevice,
} from '../utils/schedule-form';
import { optionsWithPlaceholder } from '../utils/select-options';
import '../tasks.css';

const LOAD_ERROR = 'Failed to load equipment and users';

type PageForm = WithDevice<PageDraft>;

const pageSchema = draftSchema(judgePageDraft);

/**
 * /schedule-preventive (Engineers and Admins, at the route): recurring preventive work on a device. It
 * creates a PM plan and its first occurrence; the frequency becomes the plan's interval and the
 * duration its estimated hours. On success the person is told so and taken to Maintenance.
 */
export function SchedulePreventivePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useContractForm<PageForm>({
    schema: pageSchema,
    defaultValues: withDevice(EMPTY_PAGE_DRAFT, null),
  });
  const scheduling = useSchedulePm();
  const assignees = useAssignees('true', true);

  const submit = form.submitWith(async (draft) => {
    const checked = checkPageDraft(withDeviceId(draft));
    if (!checked.ok) return;
    await scheduling.mutateAsync(checked.body);
    toast.success('Preventive maintenance scheduled successfully!');
    navigate('/maintenance');
  }, 'Failed to schedule preventive maintenance');

  return (
    <div className="page tasks-page">
      <PageHeader
        title="Schedule Preventive Maintenance"
        description="Recurring work on a device: the first visit is due on the scheduled date, each next one a frequency later. Fields marked * are required."
        actions={<Link to="/maintenance">Back to Maintenance</Link>}
      />
      {assignees.error ? <ErrorBox>{LOAD_ERROR}</ErrorBox> : null}
      <Card>
        <form onSubmit={submit} noValidate aria-label="Schedule Preventive Maintenance" className="task-form">
          {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
          <section className="task-form__section" aria-labelledby="schedule-work">
            <h2 id="schedule-work" className="task-form__heading">
              The work
            </h2>
            <BoundEquipment
              form={form}
              name="equipment"
              label="Equipment"
              required
              errorFallback={LOAD_ERROR}
            />
            <TaskTitleField form={form} placeholder="e.g. Monthly defibrillator safety test" />
            <TaskDescriptionField
              form={form}
              required
              rows={4}
              placeholder="What each visit does: checks, parts to replace, tests to run"
            />
          </section>

          <section className="task-form__section" aria-labelledby="schedule-when">
            <h2 id="schedule-when" className="task-form__heading">
              Schedule and assignment
            </h2>
            <div className="task-form__grid">
              <BoundText form={form} name="scheduledDate" label="Scheduled Date" type="date" required />
              <BoundSelect<PageForm, PageDraft['frequency']>
                form={form}
                name="frequency"
                label="Frequency"
                required
                options={optionsWithPlaceholder('Select frequency', SCHEDULE_FREQUENCY_OPTIONS)}
              />
              <HoursField form={form} label="Duration (hours)" name="duration" />
              <AssigneeSelect
                form={form}
                people={assignees.people}
                hint="Optional: unassigned work waits in the Preventive Maintenance panel."
              />
              <PrioritySelect<PageForm> form={form} required priorities={SCHEDULE_PAGE_PRIORITIES} />
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
              <PmTypeSelect form={form} />
            </div>
            <ScheduleBasisFields form={form} />
          </section>

          <div className="task-form__actions">
            <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Scheduling...">
              Schedule Maintenance
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
