import { hasFullAccess, roleIs } from './roles';
import type { TaskStatus } from './tasks';
import type { TaskDto } from './task-api';

/** Who acts on a task: enough of the person to apply the rules. */
export interface TaskActor {
  _id: string;
  role: string;
}

/** What the rules need to know of a task. */
export interface TaskFacts {
  status: TaskStatus;
  assignedToId: string | null;
  certified: boolean;
  needsCertification: boolean;
}

/** Why an action on a task is refused: not this person's to do, or not possible in its state. */
export interface TaskRefusal {
  code: 'FORBIDDEN' | 'CONFLICT';
  message: string;
}

const forbidden = (message: string): TaskRefusal => ({ code: 'FORBIDDEN', message });
const conflict = (message: string): TaskRefusal => ({ code: 'CONFLICT', message });

/*
 * The task rules, in one place for the maintenance service (which enforces them whatever a screen
 * sends) and the task screens (which offer only what will be accepted):
 * - Engineers and Admins see every task, create, assign, edit, change any status, record work,
 *   certify and delete. Managers see every task and change nothing.
 * - Technicians see the tasks assigned to them and the faults they reported (so a reporter can
 *   follow their report); on the tasks assigned to them they move the status between Pending, In
 *   Progress and Completed and record work, and a report assigned to someone else is theirs to
 *   read only. Cancelling a job, and reopening a cancelled one, are a supervisor's decision. They
 *   create work only through Report Issue.
 * - A task is started or completed only when it is assigned: the record names who did the work.
 * - A certified task is final: its status and work record no longer change.
 * Each `…Refusal` answers null when the action is allowed.
 */

/**
 * Who sees every task (and every task's live events): Engineers, Admins and Managers. A
 * Technician sees the tasks assigned to them and those they reported.
 */
export function seesAllTasks(role: string | null | undefined): boolean {
  return hasFullAccess(role) || roleIs(role, 'Manager');
}

/** Who a task concerns, besides those who see every task: its assignee and its reporter. */
export interface TaskPeople {
  assignedToId: string | null;
  reportedById: string | null;
}

/**
 * `addedToReport`: the person added their account to this fault's report (Report Issue) and
 * follows it as its reporter does. Only the task's own details ask it; the lists do not.
 */
export function canSeeTask(actor: TaskActor, task: TaskPeople, addedToReport = false): boolean {
  return (
    seesAllTasks(actor.role) ||
    task.assignedToId === actor._id ||
    task.reportedById === actor._id ||
    addedToReport
  );
}

/** A task the person sees only because they reported it (or added to its report): theirs to follow, not to work. */
export function isReportOnly(actor: TaskActor, task: TaskPeople, addedToReport = false): boolean {
  return (
    !seesAllTasks(actor.role) &&
    task.assignedToId !== actor._id &&
    (task.reportedById === actor._id || addedToReport)
  );
}

/**
 * A task as the person who only reported it sees it: what was found and done, without the
 * technician's notes, the hours and the part costs, which are for those who work or oversee it (as
 * on the device's maintenance history). The services answer it, and the live events carry it, to
 * a reporter who is not its assignee.
 */
export function reportersView<T extends TaskDto>(task: T): T {
  return {
    ...task,
    comments: null,
    labourHours: null,
    spareParts: task.spareParts.map((part) => ({ ...part, unitCost: null })),
  };
}

/** Engineers and Admins only (create, edit, assign, delete, certify). */
export function fullAccessRefusal(actor: TaskActor, what: string): TaskRefusal | null {
  return hasFullAccess(actor.role) ? null : forbidden(`Only Engineers and Admins ${what}.`);
}

export function taskCreateRefusal(actor: TaskActor): TaskRefusal | null {
  return hasFullAccess(actor.role)
    ? null
    : forbidden('Only Engineers and Admins create tasks. To report a fault, use Report Issue.');
}

export function taskStatusRefusal(actor: TaskActor, task: TaskFacts, to: TaskStatus): TaskRefusal | null {
  if (roleIs(actor.role, 'Manager')) return forbidden('Managers see tasks but do not change them.');
  if (task.certified) return conflict('This task is certified; its record is final.');
  if (!hasFullAccess(actor.role)) {
    if (task.assignedToId !== actor._id)
      return forbidden('You can change the status of tasks assigned to you only.');
    if (to === 'Cancelled') return forbidden('Only Engineers and Admins cancel tasks.');
    if (task.status === 'Cancelled') return forbidden('Only Engineers and Admins reopen cancelled tasks.');
  }
  if ((to === 'In Progress' || to === 'Completed') && !task.assignedToId)
    return conflict('Assign the task before starting or completing it.');
  return null;
}

export function taskWorkRefusal(actor: TaskActor, task: TaskFacts): TaskRefusal | null {
  if (roleIs(actor.role, 'Manager')) return forbidden('Managers see tasks but do not change them.');
  if (!hasFullAccess(actor.role) && task.assignedToId !== actor._id)
    return forbidden('You can record work on tasks assigned to you only.');
  if (task.certified) return conflict('This task is certified; its work record is final.');
  if (task.status === 'Cancelled') return conflict('This task is cancelled. Reopen it to record work.');
  return null;
}

export function taskCertifyRefusal(actor: TaskActor, task: TaskFacts): TaskRefusal | null {
  if (!hasFullAccess(actor.role)) return forbidden('Only Engineers and Admins certify work.');
  if (task.certified) return conflict('This task is already certified.');
  if (task.status !== 'Completed') return conflict('Only a completed task can be certified.');
  if (!task.needsCertification) return conflict('This task does not need certification.');
  return null;
}

/** Engineers and Admins assign and reassign a task until its work is certified. */
export function taskAssignRefusal(actor: TaskActor, task: TaskFacts): TaskRefusal | null {
  return (
    fullAccessRefusal(actor, 'assign tasks') ??
    (task.certified ? conflict('This task is certified; its record is final.') : null)
  );
}
