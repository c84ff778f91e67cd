import { MAINTENANCE_MODAL_INTERVALS, type PmPlanCreatedResponse } from '@caliber/contracts';
import { ErrorBox, Modal, ModalFormButtons } from '@caliber/ui-kit';
import { useContractForm } from '@caliber/web-forms';
import { useAssignees, useSchedulePm } from '../hooks/task-queries';
import { draftSchema } from '../utils/form-issues';
import {
  checkModalDraft,
  EMPTY_MODAL_DRAFT,
  judgeModalDraft,
  withDevice,
  withDeviceId,
  type ModalDraft,
  type WithDevice,
} from '../utils/schedule-form';
import { optionsWithPlaceholder } from '../utils/select-options';
import type { EquipmentChoice } from './EquipmentPicker';
import { BoundEquipment, BoundSelect, BoundText } from './FormBindings';
import { ScheduleBasisFields } from './ScheduleBasisFields';
import {
  AssigneeSelect,
  HoursField,
  PmTypeSelect,
  PrioritySelect,
  TaskDescriptionField,
  TaskTitleField,
} from './TaskFormFields';

type ModalForm = WithDevice<ModalDraft>;

const modalSchema = draftSchema(judgeModalDraft);

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
  const form = useContractForm<ModalForm>({
    schema: modalSchema,
    defaultValues: withDevice(EMPTY_MODAL_DRAFT, device),
  });
  const scheduling = useSchedulePm();
  const assignees = useAssignees('true', true);
  const busy = form.formState.isSubmitting;

  const submit = form.submitWith(async (draft) => {
    const checked = checkModalDraft(withDeviceId(draft));
    if (checked.ok) onScheduled(await scheduling.mutateAsync(checked.body));
  }, 'Failed to schedule preventive task');

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
        onSubmit={submit}
        noValidate
        aria-label="Schedule Preventive Maintenance"
        className="task-form"
      >
        {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
        <TaskTitleField form={form} />
        <TaskDescriptionField form={form} rows={3} />
        <BoundEquipment form={form} name="equipment" label="Equipment" required />
        <div className="task-form__grid">
          <PmTypeSelect form={form} />
          <BoundSelect<ModalForm, ModalDraft['interval']>
            form={form}
            name="interval"
            label="Interval"
            required
            options={optionsWithPlaceholder('Select interval', MAINTENANCE_MODAL_INTERVALS)}
          />
          <BoundText form={form} name="dueDate" label="Due Date" type="date" required />
          <AssigneeSelect form={form} people={assignees.people} hint={assignees.error ?? 'Optional'} />
          <PrioritySelect form={form} />
          <HoursField form={form} label="Estimated Hours" name="estimatedHours" />
        </div>
        <ScheduleBasisFields form={form} />
      </form>
    </Modal>
  );
}
