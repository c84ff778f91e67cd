import type { TaskStatus } from '@caliber/contracts';
import { Badge, type BadgeTone } from '@caliber/ui-kit';

/** Each task status's colour, the same on every screen that shows a task. */
export const TASK_STATUS_TONES: Record<TaskStatus, BadgeTone> = {
  Pending: 'yellow',
  'In Progress': 'blue',
  Completed: 'green',
  Cancelled: 'grey',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <Badge tone={TASK_STATUS_TONES[status] ?? 'grey'}>{status}</Badge>;
}
