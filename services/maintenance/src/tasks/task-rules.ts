import { hasFullAccess, roleIs, seesAllTasks, type Actor, type TaskStatus } from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';

/** What the rules need to know of a task. */
export interface TaskFacts {
  status: TaskStatus;
  assignedToId: string | null;
  certified: boolean;
  needsCertification: boolean;
}

/**
 * The task rules, enforced by the maintenance service whatever a screen sends:
 * - Engineers and Admins see every task, create, assign, edit, change any status, record work,
 *   certify and delete. Managers see every task and change nothing.
 * - Technicians see only the tasks assigned to them; on those they move the status between
 *   Pending, In Progress and Completed and record work. Cancelling a job, and reopening a
 *   cancelled one, are a supervisor's decision. They create work only through Report Issue.
 * - A task is started or completed only when it is assigned: the record names who did the work.
 * - A certified task is final: its status and work record no longer change.
 */
export const TaskRules = {
  seesAll(actor: Actor): boolean {
    return seesAllTasks(actor.role);
  },

  canSee(actor: Actor, task: Pick<TaskFacts, 'assignedToId'>): boolean {
    return this.seesAll(actor) || task.assignedToId === actor._id;
  },

  requireFullAccess(actor: Actor, what: string): void {
    if (!hasFullAccess(actor.role)) throw new ServiceError('FORBIDDEN', `Only Engineers and Admins ${what}.`);
  },

  refuseCreate(actor: Actor): void {
    if (!hasFullAccess(actor.role))
      throw new ServiceError(
        'FORBIDDEN',
        'Only Engineers and Admins create tasks. To report a fault, use Report Issue.',
      );
  },

  refuseStatusChange(actor: Actor, task: TaskFacts, to: TaskStatus): void {
    if (roleIs(actor.role, 'Manager'))
      throw new ServiceError('FORBIDDEN', 'Managers see tasks but do not change them.');
    if (task.certified) throw new ServiceError('CONFLICT', 'This task is certified; its record is final.');
    if (!hasFullAccess(actor.role)) {
      if (task.assignedToId !== actor._id)
        throw new ServiceError('FORBIDDEN', 'You can change the status of your own tasks only.');
      if (to === 'Cancelled') throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins cancel tasks.');
      if (task.status === 'Cancelled')
        throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins reopen cancelled tasks.');
    }
    if ((to === 'In Progress' || to === 'Completed') && !task.assignedToId)
      throw new ServiceError('CONFLICT', 'Assign the task before starting or completing it.');
  },

  refuseWork(actor: Actor, task: TaskFacts): void {
    if (roleIs(actor.role, 'Manager'))
      throw new ServiceError('FORBIDDEN', 'Managers see tasks but do not change them.');
    if (!hasFullAccess(actor.role) && task.assignedToId !== actor._id)
      throw new ServiceError('FORBIDDEN', 'You can record work on your own tasks only.');
    if (task.certified)
      throw new ServiceError('CONFLICT', 'This task is certified; its work record is final.');
    if (task.status === 'Cancelled')
      throw new ServiceError('CONFLICT', 'This task is cancelled. Reopen it to record work.');
  },

  refuseCertify(actor: Actor, task: TaskFacts): void {
    if (!hasFullAccess(actor.role))
      throw new ServiceError('FORBIDDEN', 'Only Engineers and Admins certify work.');
    if (task.certified) throw new ServiceError('CONFLICT', 'This task is already certified.');
    if (task.status !== 'Completed')
      throw new ServiceError('CONFLICT', 'Only a completed task can be certified.');
    if (!task.needsCertification)
      throw new ServiceError('CONFLICT', 'This task does not need certification.');
  },
};

/**
 * The completion fields a status change leaves: completing sets the completion time and asks
 * for certification; leaving Completed (reopening) clears both.
 */
export function completionAfter(
  from: TaskStatus,
  to: TaskStatus,
  current: { completedDate: Date | null; needsCertification: boolean },
): { completedDate: Date | null | 'now'; needsCertification: boolean } {
  if (to === 'Completed' && from !== 'Completed') return { completedDate: 'now', needsCertification: true };
  if (to !== 'Completed') return { completedDate: null, needsCertification: false };
  return current;
}
