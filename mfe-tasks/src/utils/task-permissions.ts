import { hasFullAccess, roleIs, seesAllTasks, type TaskDto } from '@caliber/contracts';

/** Who is looking at a task: enough of the signed-in user to decide what they may do with it. */
export interface Viewer {
  _id: string;
  role: string;
}

function isAssignee(viewer: Viewer, task: TaskDto): boolean {
  return task.assignedTo?._id === viewer._id;
}

/** Managers see every task and change none (the maintenance service refuses them). */
function readsOnly(viewer: Viewer): boolean {
  return roleIs(viewer.role, 'Manager');
}

/**
 * Which tasks the list asks for: a Technician their own (`my=1`); Engineers, Admins and Managers
 * all of them, and Engineers and Admins may filter by technician.
 */
export function listScope(role: string): { ownOnly: boolean; technicianFilter: boolean } {
  return { ownOnly: !seesAllTasks(role), technicianFilter: hasFullAccess(role) };
}

/** Engineers and Admins change any task's status; anyone else only a task assigned to them. */
export function canChangeStatus(viewer: Viewer, task: TaskDto): boolean {
  if (readsOnly(viewer)) return false;
  return hasFullAccess(viewer.role) || isAssignee(viewer, task);
}

/**
 * Work details are recorded until the work is certified: by the assignee on their own task, or by
 * an Engineer or Admin on any task. Certified work is the record the inventory was changed from;
 * a cancelled task takes no work until it is reopened.
 */
export function canRecordWork(viewer: Viewer, task: TaskDto): boolean {
  if (task.certified || task.status === 'Cancelled' || readsOnly(viewer)) return false;
  return hasFullAccess(viewer.role) || isAssignee(viewer, task);
}

/**
 * Engineers and Admins assign and reassign a task until its work is certified (a reported fault
 * arrives unassigned). A started or completed task keeps someone assigned: the server refuses to
 * leave it without one.
 */
export function canAssign(viewer: Viewer, task: TaskDto): boolean {
  return hasFullAccess(viewer.role) && !task.certified;
}

/** Engineers and Admins certify completed work that waits for it. */
export function canCertify(viewer: Viewer, task: TaskDto): boolean {
  return hasFullAccess(viewer.role) && task.needsCertification;
}

/** Engineers and Admins read the technician's notes (the work record) on every card. */
export function canViewNotes(viewer: Viewer): boolean {
  return hasFullAccess(viewer.role);
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
