import { TASK_PRIORITIES, type TaskPriority } from '@caliber/contracts';
import { SelectField } from '@caliber/ui-kit';
import { priorityClass } from './PriorityBadge';

/** The priority choice, coloured by the chosen priority (Urgent red, High orange, Medium yellow, Low green). */
export function PrioritySelect({
  value,
  onChange,
  error,
  required,
}: {
  value: TaskPriority;
  onChange(value: TaskPriority): void;
  error?: string | null;
  required?: boolean;
}) {
  return (
    <SelectField<TaskPriority>
      label="Priority"
      name="priority"
      required={required}
      className={`task-priority-field ${priorityClass(value)}`}
      value={value}
      onChange={onChange}
      error={error}
      options={TASK_PRIORITIES.map((priority) => ({ value: priority, label: priority }))}
    />
  );
}
