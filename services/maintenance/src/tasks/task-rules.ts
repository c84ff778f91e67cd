import {
  canSeeTask,
  fullAccessRefusal,
  seesAllTasks,
  taskCertifyRefusal,
  taskCreateRefusal,
  taskStatusRefusal,
  taskWorkRefusal,
  type Actor,
  type TaskFacts,
  type TaskPeople,
  type TaskRefusal,
  type TaskStatus,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';

function refuse(refusal: TaskRefusal | null): void {
  if (refusal) throw new ServiceError(refusal.code, refusal.message);
}

/**
 * The task rules of the contracts (`task-rules.ts`, where each is stated), enforced: each
 * `refuse…` throws the refusal as a ServiceError (403 or 409).
 */
export const TaskRules = {
  seesAll: (actor: Actor): boolean => seesAllTasks(actor.role),
  canSee: (actor: Actor, task: TaskPeople, addedToReport = false): boolean =>
    canSeeTask(actor, task, addedToReport),
  requireFullAccess: (actor: Actor, what: string): void => refuse(fullAccessRefusal(actor, what)),
  refuseCreate: (actor: Actor): void => refuse(taskCreateRefusal(actor)),
  refuseStatusChange: (actor: Actor, task: TaskFacts, to: TaskStatus): void =>
    refuse(taskStatusRefusal(actor, task, to)),
  refuseWork: (actor: Actor, task: TaskFacts): void => refuse(taskWorkRefusal(actor, task)),
  refuseCertify: (actor: Actor, task: TaskFacts): void => refuse(taskCertifyRefusal(actor, task)),
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
