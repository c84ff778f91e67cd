import { PM_TYPES, TASK_PRIORITIES, type PmType, type TaskPriority } from '@caliber/contracts';
import type { ContractForm } from '@caliber/web-forms';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { personLabel } from '../utils/format';
import { optionsWithPlaceholder } from '../utils/select-options';
import { BoundSelect, BoundText, BoundTextArea } from './FormBindings';
import { priorityClass } from './PriorityBadge';

// The fields the task and plan forms share, each bound to its form by its usual name.

/** A task's or a plan's title: required, at most 200 characters (the contracts' limit). */
export function TaskTitleField<T extends FieldValues & { title: string }>({
  form,
  label = 'Title',
  placeholder,
}: {
  form: ContractForm<T>;
  label?: string;
  placeholder?: string;
}) {
  return (
    <BoundText
      form={form}
      name={'title' as FieldPath<T>}
      label={label}
      required
      maxLength={200}
      placeholder={placeholder}
    />
  );
}

/** What the work is: several lines of text, required where the form asks for it. */
export function TaskDescriptionField<T extends FieldValues & { description: string }>({
  form,
  rows,
  required,
  placeholder,
}: {
  form: ContractForm<T>;
  rows: number;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <BoundTextArea
      form={form}
      name={'description' as FieldPath<T>}
      label="Description"
      required={required}
      rows={rows}
      placeholder={placeholder}
    />
  );
}

/**
 * Who the work goes to (`assignedTo`): `placeholder` is the choice of nobody yet, then each person
 * as 'name (role)'. The hint says it is optional, or why the list could not be loaded.
 */
export function AssigneeSelect<T extends FieldValues & { assignedTo: string }>({
  form,
  people,
  hint,
  placeholder = 'Unassigned',
}: {
  form: ContractForm<T>;
  people: readonly { _id: string; name: string; role: string }[];
  hint: string;
  placeholder?: string;
}) {
  return (
    <BoundSelect<T, string>
      form={form}
      name={'assignedTo' as FieldPath<T>}
      label="Assign To"
      hint={hint}
      options={[
        { value: '', label: placeholder },
        ...people.map((person) => ({ value: person._id, label: personLabel(person) })),
      ]}
    />
  );
}

/** Hours of work a visit takes: optional, in half hours. */
export function HoursField<T extends FieldValues>({
  form,
  label,
  name,
}: {
  form: ContractForm<T>;
  label: string;
  name: FieldPath<T>;
}) {
  return (
    <BoundText
      form={form}
      name={name}
      label={label}
      type="number"
      min={0}
      step={0.5}
      inputMode="decimal"
      hint="Optional"
    />
  );
}

/** The kind of preventive work a plan records (surveys ask for it): required, none chosen at first. */
export function PmTypeSelect<T extends FieldValues & { pmType: PmType | '' }>({
  form,
}: {
  form: ContractForm<T>;
}) {
  return (
    <BoundSelect<T, PmType | ''>
      form={form}
      name={'pmType' as FieldPath<T>}
      label="PM Type"
      required
      options={optionsWithPlaceholder('Select PM type', PM_TYPES)}
    />
  );
}

/** The priority choice, coloured by the chosen priority (Urgent red, High orange, Medium yellow, Low green). */
export function PrioritySelect<T extends FieldValues & { priority: TaskPriority }>({
  form,
  required,
  priorities = TASK_PRIORITIES,
}: {
  form: ContractForm<T>;
  required?: boolean;
  priorities?: readonly TaskPriority[];
}) {
  const value = form.watch('priority' as FieldPath<T>) as TaskPriority;
  return (
    <BoundSelect<T, TaskPriority>
      form={form}
      name={'priority' as FieldPath<T>}
      label="Priority"
      required={required}
      className={`task-priority-field ${priorityClass(value)}`}
      options={priorities.map((priority) => ({ value: priority, label: priority }))}
    />
  );
}
