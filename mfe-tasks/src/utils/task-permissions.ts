import {
  hasFullAccess,
  isReportOnly,
  seesAllTasks,
  TASK_STATUSES,
  taskAssignRefusal,
  taskCertifyRefusal,
  taskStatusRefusal,
  taskWorkRefusal,
  type TaskDto,
  type TaskFacts,
} from '@caliber/contracts';

/** Who is looking at a task: enough of the signed-in user to decide what they may do with it. */
export interface Viewer {
  _id: string;
  role: string;
}

/** A task as the rules of the contracts read it (the same rules the maintenance service enforces). */
function factsOf(task: TaskDto): TaskFacts {
  return {
    status: task.status,
    assignedToId: task.assignedTo?._id ?? null,
    certified: task.certified,
    needsCertification: task.needsCertification,
  };
}

/**
 * Which tasks the list shows: a Technician their own (assigned to them, or reported by them);
 * Engineers, Admins and Managers all of them, and Engineers and Admins may filter by technician.
 */
export function listScope(role: string): { ownOnly: boolean; technicianFilter: boolean } {
  return { ownOnly: !seesAllTasks(role), technicianFilter: hasFullAccess(role) };
}

/**
 * The card offers the status dropdown (all four statuses) when at least one other status would
 * be accepted: to Engineers and Admins, and to the assignee, until the work is certified. A
 * particular change may still be refused (a Technician cancelling); the card shows why.
 */
export function canChangeStatus(viewer: Viewer, task: TaskDto): boolean {
  const facts = factsOf(task);
  return TASK_STATUSES.some((to) => to !== task.status && taskStatusRefusal(viewer, facts, to) === null);
}

/** Work details, as the server accepts them: by the assignee or an Engineer or Admin, until certified. */
export function canRecordWork(viewer: Viewer, task: TaskDto): boolean {
  return taskWorkRefusal(viewer, factsOf(task)) === null;
}

/** Engineers and Admins assign and reassign a task until its work is certified. */
export function canAssign(viewer: Viewer, task: TaskDto): boolean {
  return taskAssignRefusal(viewer, factsOf(task)) === null;
}

/** Engineers and Admins certify completed work that waits for it. */
export function canCertify(viewer: Viewer, task: TaskDto): boolean {
  return taskCertifyRefusal(viewer, factsOf(task)) === null;
}

/** Engineers and Admins read the technician's notes (the work record) on every card. */
export function canViewNotes(viewer: Viewer): boolean {
  return hasFullAccess(viewer.role);
}

/** Whether the viewer reported this fault (Report Issue). */
export function reportedByViewer(viewer: Viewer, task: TaskDto): boolean {
  return task.reportedBy?._id === viewer._id;
}

/**
 * A task the viewer sees only because they reported it: theirs to follow, read-only (no status,
 * no work details), until it is assigned to them.
 */
export function followsOnly(viewer: Viewer, task: TaskDto): boolean {
  return isReportOnly(viewer, {
    assignedToId: task.assignedTo?._id ?? null,
    reportedById: task.reportedBy?._id ?? null,
  });
}

/** Whether the task carries any recorded work: a fault, a repair, parts or hours. */
export function hasWorkRecord(task: TaskDto): boolean {
  return Boolean(
    task.faultDescription || task.repairDetails || task.spareParts.length > 0 || task.labourHours !== null,
  );
}

/**
 * The card's certification tag: 'Awaiting Certification' while it waits, 'Certified by {name}' on
 * a completed task that was certified, nothing otherwise.
 */
export function certificationTag(task: TaskDto): string | null {
  if (task.needsCertification) return 'Awaiting Certification';
  if (task.status === 'Completed' && task.certified)
    return task.certificationEngineer ? `Certified by ${task.certificationEngineer}` : 'Certified';
  return null;
}
