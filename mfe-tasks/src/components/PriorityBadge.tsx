import type { TaskPriority } from '@caliber/contracts';

/** The priority colour's class: Urgent red, High orange, Medium yellow, Low green (tasks.css). */
export function priorityClass(priority: TaskPriority): string {
  return `task-priority--${priority.toLowerCase()}`;
}

/** A priority in its colour, with a dot so the colour is not the only sign (the word is there too). */
export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return <span className={`task-priority ${priorityClass(priority)}`}>{priority}</span>;
}
