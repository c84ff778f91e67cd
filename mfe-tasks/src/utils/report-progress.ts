import type { TaskDto } from '@caliber/contracts';

/** Where a fault report stands, as its reporter (clinical staff) follows it. */
export interface ReportProgress {
  /** The state in the reporter's words. */
  state: string;
  /** Who took it: the assignee's name, or that nobody has yet. */
  takenBy: string;
  /** When the device was back in service (ISO 8601), or null while it is not. */
  backInServiceAt: string | null;
}

/**
 * A report's progress: waiting for an engineer, being worked, done, cancelled. The device is back
 * in service when the work is certified, or, for work that needs no certification, completed:
 * that is when its status returns to Serviceable.
 */
export function reportProgress(task: TaskDto): ReportProgress {
  const takenBy = task.assignedTo?.name ?? 'Not taken yet';
  if (task.status === 'Cancelled') return { state: 'Cancelled', takenBy, backInServiceAt: null };
  if (task.certified) return { state: 'Repaired and certified', takenBy, backInServiceAt: task.certifiedAt };
  if (task.status === 'Completed')
    return task.needsCertification
      ? { state: 'Repaired, awaiting certification', takenBy, backInServiceAt: null }
      : { state: 'Repaired', takenBy, backInServiceAt: task.completedDate };
  if (task.status === 'In Progress') return { state: 'Being repaired', takenBy, backInServiceAt: null };
  return {
    state: task.assignedTo ? 'Assigned' : 'Waiting for an engineer',
    takenBy,
    backInServiceAt: null,
  };
}
