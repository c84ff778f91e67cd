import type { TaskDto } from '@caliber/contracts';
import { Button, ErrorBox } from '@caliber/ui-kit';
import { DeviceCoverNotice } from '@caliber/ui-widgets';
import { useContractForm } from '@caliber/web-forms';
import { useAssignableUsers, useCreateTask } from '../hooks/task-queries';
import {
  createBody,
  EMPTY_CREATE_DRAFT,
  judgeCreateDraft,
  NEW_TASK_STATUSES,
  type CreateDraft,
  type NewTaskStatus,
} from '../utils/create-task-form';
import { draftSchema } from '../utils/form-issues';
import { BoundEquipment, BoundSelect, BoundText } from './FormBindings';
import { AssigneeSelect, PrioritySelect, TaskDescriptionField, TaskTitleField } from './TaskFormFields';

const createSchema = draftSchema(judgeCreateDraft);

/**
 * The Create Task form: Task Details (title, description, priority, due date) and Assignment
 * (equipment, assignee, status). The contract's schema decides what is missing; a created task
 * resets the form and is handed to the page.
 */
export function CreateTaskForm({ onCreated }: { onCreated(task: TaskDto): void }) {
  const form = useContractForm<CreateDraft>({ schema: createSchema, defaultValues: EMPTY_CREATE_DRAFT });
  const creating = useCreateTask();
  const users = useAssignableUsers(true);
  const busy = form.formState.isSubmitting;

  const submit = form.submitWith(async (draft) => {
    const { task } = await creating.mutateAsync(createBody(draft));
    form.reset(EMPTY_CREATE_DRAFT);
    onCreated(task);
  }, 'Failed to create task');

  // A device under warranty or contract says so as soon as it is chosen: the vendor may be the one to call.
  const chosen = form.watch('equipment');

  return (
    <form onSubmit={submit} noValidate aria-label="Create New Task" className="task-form">
      {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
      <section className="task-form__section" aria-labelledby="create-task-details">
        <h2 id="create-task-details" className="task-form__heading">
          Task Details
        </h2>
        <TaskTitleField form={form} label="Task Title" />
        <TaskDescriptionField form={form} required rows={4} />
        <div className="task-form__grid">
          <PrioritySelect form={form} required />
          <BoundText form={form} name="dueDate" label="Due Date" type="date" hint="Optional" />
        </div>
      </section>

      <section className="task-form__section" aria-labelledby="create-task-assignment">
        <h2 id="create-task-assignment" className="task-form__heading">
          Assignment
        </h2>
        <BoundEquipment
          form={form}
          name="equipment"
          label="Equipment"
          required
          placeholder="Select equipment"
        />
        {chosen ? <DeviceCoverNotice equipmentId={chosen._id} /> : null}
        <div className="task-form__grid">
          <AssigneeSelect
            form={form}
            people={users.people}
            placeholder="Select user"
            hint={users.error ?? 'Optional'}
          />
          <BoundSelect<CreateDraft, NewTaskStatus>
            form={form}
            name="status"
            label="Status"
            options={NEW_TASK_STATUSES.map((status) => ({ value: status, label: status }))}
          />
        </div>
      </section>

      <div className="task-form__actions">
        <Button variant="secondary" disabled={busy} onClick={() => form.reset(EMPTY_CREATE_DRAFT)}>
          Reset Form
        </Button>
        <Button type="submit" busy={busy} busyLabel="Creating...">
          Create Task
        </Button>
      </div>
    </form>
  );
}
