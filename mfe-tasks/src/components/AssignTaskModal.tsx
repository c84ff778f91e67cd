import { ASSIGN_MODAL_INTERVALS, TASK_TYPES, type TaskDto } from '@caliber/contracts';
import { ErrorBox, Modal, ModalFormButtons } from '@caliber/ui-kit';
import { useContractForm } from '@caliber/web-forms';
import { useAssignees, useCreateTask } from '../hooks/task-queries';
import {
  assignBody,
  EMPTY_ASSIGN_DRAFT,
  judgeAssignDraft,
  type AssignDraft,
} from '../utils/create-task-form';
import { draftSchema } from '../utils/form-issues';
import { BoundEquipment, BoundSelect, BoundText } from './FormBindings';
import {
  AssigneeSelect,
  PmTypeSelect,
  PrioritySelect,
  TaskDescriptionField,
  TaskTitleField,
} from './TaskFormFields';

const choose = (placeholder: string, values: readonly string[]) => [
  { value: '', label: placeholder },
  ...values.map((value) => ({ value, label: value })),
];

const assignSchema = draftSchema(judgeAssignDraft);

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
  const form = useContractForm<AssignDraft>({ schema: assignSchema, defaultValues: EMPTY_ASSIGN_DRAFT });
  const creating = useCreateTask();
  const assignees = useAssignees('true', true);
  const preventive = form.watch('taskType') === 'Preventive';
  const busy = form.formState.isSubmitting;

  const submit = form.submitWith(async (draft) => {
    const { task } = await creating.mutateAsync(assignBody(draft));
    onAssigned(task);
  }, 'Failed to create task');

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
        onSubmit={submit}
        noValidate
        aria-label="Assign New Task"
        className="task-form"
      >
        {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
        <TaskTitleField form={form} />
        <TaskDescriptionField form={form} rows={3} />
        <div className="task-form__grid">
          <BoundSelect<AssignDraft, string>
            form={form}
            name="taskType"
            label="Task Type"
            required
            options={choose('Select task type', TASK_TYPES)}
          />
          <PrioritySelect form={form} required />
          {preventive ? (
            <>
              <PmTypeSelect form={form} />
              <BoundSelect<AssignDraft, string>
                form={form}
                name="pmInterval"
                label="Periodic Interval"
                required
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
        <BoundEquipment form={form} name="equipment" label="Equipment" required />
        <div className="task-form__grid">
          <AssigneeSelect form={form} people={assignees.people} hint={assignees.error ?? 'Optional'} />
          <BoundText form={form} name="dueDate" label="Due Date" type="date" required />
        </div>
      </form>
    </Modal>
  );
}
