import type { Role } from '@caliber/contracts';
import { Toggle } from '@caliber/ui-kit';
import { mayReceiveTasks } from '../utils/user-form';

/**
 * The roster's pre-approved flag, as every staff form asks it: whether the person may receive
 * tasks, which puts them in the assignee lists of the task screens. A Manager never receives tasks,
 * so for a Manager it is off and cannot be turned on.
 */
export function ReceivesTasksToggle({
  role,
  checked,
  onChange,
}: {
  role: Role;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const applies = mayReceiveTasks(role);
  return (
    <Toggle
      label="May receive tasks"
      description={
        applies
          ? 'Listed as an assignee on the task screens.'
          : 'Managers read tasks and do not receive them.'
      }
      checked={applies && checked}
      disabled={!applies}
      onChange={onChange}
    />
  );
}
