/** A device as every task screen names it: `name (serial number)`. */
export function equipmentLabel(item: { name: string; serialNumber: string }): string {
  return item.serialNumber ? `${item.name} (${item.serialNumber})` : item.name;
}

/** A person in an assignee list: `name (role)`. */
export function personLabel(person: { name: string; role: string }): string {
  return person.role ? `${person.name} (${person.role})` : person.name;
}

/** One side of an audited change, as text: empty for nothing, lists and objects as JSON. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `labourHours` as the work record shows it: '1.5 h'. */
export function formatHours(hours: number): string {
  return `${Number.isInteger(hours) ? hours : hours.toFixed(2).replace(/0+$/, '')} h`;
}

/**
 * What the Tasks page says once the Assign Task modal created a task: a Preventive one scheduled
 * a PM plan, and says how often it recurs.
 */
export function assignedMessage(task: { title: string; plan: unknown; pmInterval: string | null }): string {
  if (task.plan && task.pmInterval)
    return `PM plan scheduled: "${task.title}" recurs ${task.pmInterval.toLowerCase()}.`;
  return 'Task assigned successfully!';
}
