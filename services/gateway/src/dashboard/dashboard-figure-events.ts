import { EVENT_SUBJECTS, type LIVE_EVENT_OF_SUBJECT, type UserUpdatedEvent } from '@caliber/contracts';

/**
 * For each change event the gateway relays to the browsers, whether it can move a figure of the
 * dashboard, and so drops the kept ones. Every relayed event must be decided here (a new one is a
 * compile error until it is). A task's work details (fault, repair, spare parts) count nothing on
 * the dashboard; every other change of the inventory, the lists or the tasks can.
 */
const MOVES_A_FIGURE: Record<keyof typeof LIVE_EVENT_OF_SUBJECT, boolean> = {
  [EVENT_SUBJECTS.equipmentCreated]: true,
  // A device's name is in the latest tasks; its status and department in the counts.
  [EVENT_SUBJECTS.equipmentUpdated]: true,
  [EVENT_SUBJECTS.equipmentStatusChanged]: true,
  [EVENT_SUBJECTS.equipmentDeleted]: true,
  [EVENT_SUBJECTS.equipmentImported]: true,
  [EVENT_SUBJECTS.listsChanged]: true,
  [EVENT_SUBJECTS.taskCreated]: true,
  [EVENT_SUBJECTS.taskUpdated]: true,
  [EVENT_SUBJECTS.taskStatusChanged]: true,
  [EVENT_SUBJECTS.taskWorkUpdated]: false,
  [EVENT_SUBJECTS.taskCompleted]: true,
  [EVENT_SUBJECTS.taskCertified]: true,
  [EVENT_SUBJECTS.taskDeleted]: true,
};

const FIGURE_EVENTS: ReadonlySet<string> = new Set(
  Object.entries(MOVES_A_FIGURE)
    .filter(([, moves]) => moves)
    .map(([subject]) => subject),
);

/**
 * Whether an event drops the kept figures: those above, and a person's new name (the latest tasks
 * show who does them), not their theme or notifications. Sign-ins, sign-outs and a report's
 * progress count nothing, and a shift signing in must not empty the figures it is about to read.
 */
export function movesDashboardFigures(subject: string, payload: unknown): boolean {
  if (subject === EVENT_SUBJECTS.userUpdated) return (payload as UserUpdatedEvent).nameChanged !== false;
  return FIGURE_EVENTS.has(subject);
}
