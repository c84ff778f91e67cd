import type { DeviceHistoryTask } from '@caliber/contracts';

/** The kind of work: its type, and the PM type of preventive work ('Preventive · Calibration'). */
export function workKind(task: Pick<DeviceHistoryTask, 'taskType' | 'pmType'>): string {
  return task.pmType ? `${task.taskType} · ${task.pmType}` : task.taskType;
}

/**
 * Who and when, in one line under a history entry: opened, completed, reported by, assigned to,
 * and certified by, each only when it happened. `formatDate` is the screens' date format.
 */
export function historyFacts(task: DeviceHistoryTask, formatDate: (value: string) => string): string[] {
  const facts = [`Opened ${formatDate(task.createdAt)}`];
  if (task.completedDate) facts.push(`completed ${formatDate(task.completedDate)}`);
  if (task.reportedBy) facts.push(`reported by ${task.reportedBy.name}`);
  facts.push(task.assignedTo ? `assigned to ${task.assignedTo.name}` : 'unassigned');
  if (task.certified)
    facts.push(task.certificationEngineer ? `certified by ${task.certificationEngineer}` : 'certified');
  return facts;
}

/** The spare parts as the work form writes them: `name x quantity`, comma-separated. */
export function partsLine(task: Pick<DeviceHistoryTask, 'spareParts'>): string {
  return task.spareParts.map((part) => `${part.name} x ${part.quantity}`).join(', ');
}
