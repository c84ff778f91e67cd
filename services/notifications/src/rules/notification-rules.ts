import type {
  ActivityChange,
  NotificationKind,
  RecallActivity,
  Role,
  TaskActivity,
  TaskStatus,
} from '@caliber/contracts';

/** Who is to be told: people by id, or every active person of some roles (in some departments). */
export type Audience = { ids: string[] } | { roles: Role[]; departments?: string[] };

/** What a notification is about: where its link goes, by the reader's role. */
export type Subject =
  { task: string } | { device: string } | { recall: string; device: string } | { contract: string };

/** One thing to tell an audience, before it is known who they are. */
export interface Intent {
  kind: NotificationKind;
  audience: Audience;
  title: string;
  body: string;
  subject: Subject;
  /** Paged by SMS whatever the hour and whatever the person's toggles (an on-call page). */
  urgent: boolean;
  /** Where it came from: the feed and the first audit row behind it (the notification's key). */
  source: string;
  sourceSeq: string;
  /** The person who made the change is not told of it. */
  actorId: string | null;
}

/** Everyone who may be in a department: its staff and its clinical staff (who see its devices). */
const EVERYONE: Role[] = ['Technician', 'Engineer', 'Manager', 'Admin', 'Clinical'];
/**
 * The department's biomedical staff only: recalls and safety tests are records clinical staff do
 * not read, so they are not told of them (they learn of a device taken out of use by its status).
 */
const STAFF: Role[] = ['Technician', 'Engineer', 'Manager', 'Admin'];

/** A fault whose device keeps a patient alive or can hurt one is paged at once. */
const URGENT_PRIORITIES: ReadonlySet<string> = new Set(['High', 'Urgent']);

/** Statuses that take a device out of use, bring it back, or end its life. */
const OUT_OF_SERVICE: ReadonlySet<string> = new Set(['Unserviceable', 'Under Maintenance']);
const RETIRED: ReadonlySet<string> = new Set(['Decommissioned', 'Auctioned']);

function deviceLine(task: Pick<TaskActivity, 'deviceName' | 'serialNumber' | 'department'>): string {
  return `${task.deviceName} (SN ${task.serialNumber}), ${task.department}`;
}

function changeOf(change: ActivityChange, field: string): { from: unknown; to: unknown } | undefined {
  return change.changes[field];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A fault reported on a High-risk or life-support device at High or Urgent priority. */
export function isUrgentFault(task: TaskActivity): boolean {
  return (
    task.type === 'Repair' && URGENT_PRIORITIES.has(task.priority) && (task.highRisk || task.lifeSupport)
  );
}

const STATUS_WORDS: Partial<Record<TaskStatus, string>> = {
  'In Progress': 'is being worked on',
  Completed: 'was completed',
  Cancelled: 'was cancelled',
};

/**
 * What one audited change of a task tells whom. The change's own fields say what moved (the
 * assignee, the status); the task as it stands now says who reported it, who has it, and its device.
 */
export function taskIntents(change: ActivityChange, source: string): Intent[] {
  const task = change.task;
  if (!task) return [];
  const base = { source, sourceSeq: change.seq, actorId: change.actorId, subject: { task: task.id } };
  const where = deviceLine(task);
  const intents: Intent[] = [];
  const tell = (kind: NotificationKind, ids: (string | null)[], title: string, body: string) => {
    const people = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (people.length) intents.push({ ...base, kind, audience: { ids: people }, title, body, urgent: false });
  };

  if (change.action === 'created') {
    tell(
      'task-assigned',
      [task.assigneeId],
      `Task assigned to you: ${task.title}`,
      `${where}. Priority ${task.priority}.`,
    );
    if (isUrgentFault(task))
      intents.push({
        ...base,
        kind: 'urgent-fault',
        // The engineers who cover the device's department; the planner falls back to every Engineer.
        audience: { roles: ['Engineer'], departments: [task.department] },
        title: `Urgent fault: ${task.title}`,
        body: `${where}. Priority ${task.priority} on a ${task.lifeSupport ? 'life-support' : 'High-risk'} device.`,
        urgent: true,
      });
    return intents;
  }

  if (change.action === 'updated') {
    const assignee = changeOf(change, 'assignedToId');
    if (assignee) {
      tell(
        'task-assigned',
        [text(assignee.to)],
        `Task assigned to you: ${task.title}`,
        `${where}. Priority ${task.priority}.`,
      );
      tell(
        'task-unassigned',
        [text(assignee.from)],
        `Task taken from you: ${task.title}`,
        task.assigneeName ? `${where}. Now assigned to ${task.assigneeName}.` : `${where}. Now unassigned.`,
      );
    }
    return intents;
  }

  if (change.action === 'status-changed') {
    const status = changeOf(change, 'status');
    const from = text(status?.from) as TaskStatus | null;
    const to = text(status?.to) as TaskStatus | null;
    if (!to) return intents;
    const returned = from === 'Completed' && (to === 'In Progress' || to === 'Pending');
    if (returned) {
      tell(
        'work-returned',
        [task.assigneeId],
        `Work returned to you: ${task.title}`,
        `${where}. It is ${to} again.`,
      );
      tell(
        'reported-task-changed',
        [task.reportedById],
        `Your report was reopened: ${task.title}`,
        `${where}. It is ${to} again.`,
      );
      return intents;
    }
    const words = STATUS_WORDS[to];
    if (words) {
      const by = to === 'In Progress' && task.assigneeName ? ` by ${task.assigneeName}` : '';
      tell(
        'reported-task-changed',
        [task.reportedById],
        `Your report ${words}: ${task.title}`,
        `${where}. Status ${to}${by}.`,
      );
    }
    if (to === 'Cancelled')
      tell(
        'task-unassigned',
        [task.assigneeId],
        `Task cancelled: ${task.title}`,
        `${where}. You no longer have it.`,
      );
    const waits = changeOf(change, 'needsCertification');
    if (to === 'Completed' && (waits?.to === true || task.needsCertification))
      intents.push({
        ...base,
        kind: 'awaiting-certification',
        audience: { roles: ['Engineer'] },
        title: `Work waits for certification: ${task.title}`,
        body: `${where}.${task.assigneeName ? ` Completed by ${task.assigneeName}.` : ''}`,
        urgent: false,
      });
    return intents;
  }

  if (change.action === 'certified') {
    tell('work-certified', [task.assigneeId], `Your work was certified: ${task.title}`, `${where}.`);
    tell(
      'reported-task-changed',
      [task.reportedById],
      `Your report was resolved and certified: ${task.title}`,
      `${where}.`,
    );
  }
  return intents;
}

/** A failed electrical-safety test tells the device's department. */
export function safetyTestIntents(change: ActivityChange, source: string): Intent[] {
  const test = change.safetyTest;
  if (!test || test.passed) return [];
  return [
    {
      kind: 'safety-test-failed',
      audience: { roles: STAFF, departments: [test.department] },
      title: `Safety test failed: ${test.deviceName}`,
      body: `${test.deviceName} (SN ${test.serialNumber}), ${test.department}, failed its electrical-safety test. It must not be used until it is repaired.`,
      subject: { device: test.equipmentId },
      urgent: false,
      source,
      sourceSeq: change.seq,
      actorId: change.actorId,
    },
  ];
}

/** A device leaving service, coming back, or being retired tells its department. */
export function deviceIntents(change: ActivityChange, source: string): Intent[] {
  const device = change.device;
  const status = changeOf(change, 'status');
  if (!device || change.action !== 'status-changed' || !status) return [];
  const from = text(status.from);
  const to = text(status.to);
  if (!to || from === to) return [];
  let title: string | null = null;
  if (OUT_OF_SERVICE.has(to) && !OUT_OF_SERVICE.has(from ?? '')) title = `Out of service: ${device.name}`;
  else if (to === 'Serviceable' && from !== null) title = `Back in service: ${device.name}`;
  else if (RETIRED.has(to)) title = `${to}: ${device.name}`;
  if (!title) return [];
  return [
    {
      kind: 'device-status-changed',
      audience: { roles: EVERYONE, departments: [device.department] },
      title,
      body: `${device.name} (SN ${device.serialNumber}), ${device.department}: ${from ?? 'new'} → ${to}.`,
      subject: { device: device.id },
      urgent: false,
      source,
      sourceSeq: change.seq,
      actorId: change.actorId,
    },
  ];
}

/**
 * Recall matches, gathered per notice and department within a page: a whole-model notice that
 * finds 2,000 devices tells each person once ("matches 37 devices of ICU"), not 2,000 times.
 */
export function recallIntents(changes: readonly ActivityChange[], source: string): Intent[] {
  const groups = new Map<string, { first: ActivityChange; recall: RecallActivity; count: number }>();
  for (const change of changes) {
    if (!change.recall || change.action !== 'found') continue;
    const key = `${change.recall.recallId}\u0000${change.recall.department}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: change, recall: change.recall, count: 1 });
  }
  return [...groups.values()].map(({ first, recall, count }) => {
    return {
      kind: 'recall-matched',
      audience: { roles: STAFF, departments: [recall.department] },
      title: `Recall ${recall.reference}: ${recall.title}`,
      body:
        count === 1
          ? `It concerns ${recall.deviceName} (SN ${recall.serialNumber}), ${recall.department}.`
          : `It concerns ${count} devices of ${recall.department}, among them ${recall.deviceName} (SN ${recall.serialNumber}).`,
      subject: { recall: recall.recallId, device: recall.equipmentId },
      urgent: false,
      source,
      sourceSeq: first.seq,
      actorId: first.actorId,
    };
  });
}

/** Everything a page of one feed tells, in feed order. */
export function intentsOf(changes: readonly ActivityChange[], source: string): Intent[] {
  const intents: Intent[] = [];
  for (const change of changes) {
    if (change.entity === 'task') intents.push(...taskIntents(change, source));
    else if (change.entity === 'safety-test') intents.push(...safetyTestIntents(change, source));
    else if (change.entity === 'equipment') intents.push(...deviceIntents(change, source));
  }
  intents.push(...recallIntents(changes, source));
  return intents;
}

/**
 * The path in the app a notification opens, for its reader: clinical staff follow their reports on
 * My reports and see their ward's devices, never the department's task list or recalls.
 */
export function linkFor(subject: Subject, role: Role): string {
  const clinical = role === 'Clinical';
  if ('task' in subject) return clinical ? '/my-reports' : `/tasks?task=${encodeURIComponent(subject.task)}`;
  // Only those who keep contracts are told of one.
  if ('contract' in subject) return `/equipment/contracts/${encodeURIComponent(subject.contract)}`;
  if ('recall' in subject)
    return clinical
      ? `/equipment/${encodeURIComponent(subject.device)}`
      : `/equipment/recalls/${encodeURIComponent(subject.recall)}`;
  return `/equipment/${encodeURIComponent(subject.device)}`;
}
