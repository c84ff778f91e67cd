import { TASK_STATUSES, type AssigneeDto, type TaskDto, type TaskStatus } from '@caliber/contracts';
import { Badge, Button, ErrorBox, FactList, formatDate, SelectField } from '@caliber/ui-kit';
import { errorMessage } from '@caliber/web';
import { useId, useState, type ReactNode } from 'react';
import { useAssignTask, useCertifyTask, useChangeStatus } from '../hooks/task-queries';
import { equipmentLabel } from '../utils/format';
import {
  canAssign,
  canCertify,
  canChangeStatus,
  canRecordWork,
  canViewNotes,
  certificationTag,
  followsOnly,
  reportedByViewer,
  type Viewer,
} from '../utils/task-permissions';
import { PriorityBadge } from './PriorityBadge';
import { WorkDetailsModal } from './WorkDetailsModal';
import { WorkRecord } from './WorkRecord';

/**
 * What a card tells its page: that the task is to be opened, or a success to show for a while,
 * with the task as the server answered it. The changes themselves update the cached lists.
 */
export interface TaskCardEvents {
  onOpen(task: TaskDto): void;
  onStatusChanged(task: TaskDto): void;
  onCertified(task: TaskDto): void;
  onWorkSaved(task: TaskDto): void;
  onAssigned(task: TaskDto): void;
}

type Busy = 'status' | 'certify' | 'assign' | null;

/**
 * One task: its status header with its certification tag and 'Reported by you' when the viewer
 * reported the fault, what it is about, and what the viewer may do with it (status, work details,
 * certification, the technician's notes). A fault the viewer reported and does not work on is
 * theirs to follow: the card says so and offers no change. A refused change shows the server's
 * message on the card itself, beside the task it concerns.
 */
export function TaskCard({
  task,
  viewer,
  events,
  assignees = [],
}: {
  task: TaskDto;
  viewer: Viewer;
  events: TaskCardEvents;
  /** Who may receive tasks, for Engineers and Admins to (re)assign this one. */
  assignees?: readonly AssigneeDto[];
}) {
  const notesId = useId();
  const [recording, setRecording] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const statusChange = useChangeStatus(task);
  const assignment = useAssignTask(task);
  const certification = useCertifyTask(task);
  /** The change under way, or the last one's refusal, shown on the card beside its task. */
  const [last, setLast] = useState<{ kind: Exclude<Busy, null>; fallback: string } | null>(null);
  const changes = { status: statusChange, assign: assignment, certify: certification };
  const busy: Busy = statusChange.isPending
    ? 'status'
    : assignment.isPending
      ? 'assign'
      : certification.isPending
        ? 'certify'
        : null;
  const failed = last ? changes[last.kind] : null;
  const error = failed?.isError ? errorMessage(failed.error, last?.fallback ?? '') : null;
  /** The status just chosen, shown until the reloaded task carries it (or the change is refused). */
  const [chosen, setChosen] = useState<{ status: TaskStatus; version: number } | null>(null);
  if (chosen && (chosen.version !== task.version || statusChange.isError)) setChosen(null);
  const tag = certificationTag(task);
  // The server's word, by the hospital's calendar rather than this browser's clock.
  const overdue = task.overdue;

  const changeStatus = (status: TaskStatus) => {
    setChosen({ status, version: task.version });
    setLast({ kind: 'status', fallback: 'Failed to update task status' });
    statusChange.mutate(status, { onSuccess: events.onStatusChanged });
  };
  const assign = (assignedTo: string) => {
    setLast({ kind: 'assign', fallback: 'Failed to assign task' });
    assignment.mutate(assignedTo, { onSuccess: events.onAssigned });
  };
  const certify = () => {
    setLast({ kind: 'certify', fallback: 'Failed to certify task' });
    certification.mutate(undefined, { onSuccess: events.onCertified });
  };

  const facts: [string, ReactNode][] = [['Type', task.taskType]];
  if (task.taskType === 'Preventive') {
    facts.push(['PM Type', task.pmType ?? '—']);
    facts.push(['Interval', task.pmInterval ?? '—']);
  }
  facts.push(['Priority', <PriorityBadge key="priority" priority={task.priority} />]);
  facts.push(['Equipment', equipmentLabel(task.equipment)]);
  facts.push([
    'Due',
    task.dueDate ? (
      <span className={overdue ? 'task-overdue' : undefined}>
        {formatDate(task.dueDate)}
        {overdue ? ' (overdue)' : ''}
      </span>
    ) : (
      'No due date'
    ),
  ]);
  facts.push(['Assigned To', task.assignedTo?.name ?? 'Unassigned']);

  const mayChangeStatus = canChangeStatus(viewer, task);
  const mayRecord = canRecordWork(viewer, task);
  const mayCertify = canCertify(viewer, task);
  const mayAssign = canAssign(viewer, task);
  const assigneeOptions = [
    { value: '', label: 'Unassigned' },
    ...assignees.map((person) => ({ value: person._id, label: person.name })),
  ];
  // Someone no longer approved for tasks still shows as the task's assignee.
  if (task.assignedTo && !assignees.some((person) => person._id === task.assignedTo?._id))
    assigneeOptions.push({ value: task.assignedTo._id, label: task.assignedTo.name });
  const mayReadNotes = canViewNotes(viewer);
  const reported = reportedByViewer(viewer, task);
  const followOnly = followsOnly(viewer, task);

  return (
    <article className="ck-surface task-card" aria-label={task.title}>
      <header
        className={`task-card__status task-card__status--${task.status.replace(' ', '-').toLowerCase()}`}
      >
        <span className="task-card__status-text">{task.status}</span>
        {tag || reported ? (
          <span className="task-card__tags">
            {reported ? <Badge tone="blue">Reported by you</Badge> : null}
            {tag ? <Badge tone={task.needsCertification ? 'purple' : 'teal'}>{tag}</Badge> : null}
          </span>
        ) : null}
      </header>
      <div className="task-card__body">
        <h3 className="task-card__title">
          <button type="button" className="task-card__open" onClick={() => events.onOpen(task)}>
            {task.title}
          </button>
        </h3>
        <p className="task-card__description">{task.description}</p>
        {followOnly ? (
          <p className="task-card__follow">
            {task.assignedTo
              ? `You follow this report; ${task.assignedTo.name} works on it.`
              : 'You follow this report; an engineer will assign it.'}
          </p>
        ) : null}
        <FactList facts={facts} />

        {error ? <ErrorBox>{error}</ErrorBox> : null}

        <div className="task-card__actions">
          {mayChangeStatus ? (
            <SelectField<TaskStatus>
              label="Status"
              className="task-card__status-field"
              value={chosen?.status ?? task.status}
              disabled={busy !== null}
              onChange={(status) => status !== (chosen?.status ?? task.status) && changeStatus(status)}
              options={TASK_STATUSES.map((status) => ({ value: status, label: status }))}
            />
          ) : null}
          {mayAssign ? (
            <SelectField
              label="Assignee"
              className="task-card__status-field"
              value={task.assignedTo?._id ?? ''}
              disabled={busy !== null}
              onChange={(assignedTo) => assignedTo !== (task.assignedTo?._id ?? '') && assign(assignedTo)}
              options={assigneeOptions}
            />
          ) : null}
          <div className="task-card__buttons">
            {mayCertify ? (
              <Button
                busy={busy === 'certify'}
                busyLabel="Certifying..."
                disabled={busy !== null}
                onClick={certify}
              >
                Certify
              </Button>
            ) : null}
            {mayRecord ? (
              <Button variant="secondary" disabled={busy !== null} onClick={() => setRecording(true)}>
                Work Details
              </Button>
            ) : null}
            {mayReadNotes ? (
              <Button
                variant="ghost"
                aria-expanded={notesOpen}
                aria-controls={notesId}
                onClick={() => setNotesOpen(!notesOpen)}
              >
                {notesOpen ? 'Hide Notes' : 'Technician Notes'}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => events.onOpen(task)}>
              Details
            </Button>
          </div>
        </div>

        {mayReadNotes ? (
          <section
            id={notesId}
            className="task-card__notes"
            hidden={!notesOpen}
            aria-label="Technician notes"
          >
            {notesOpen ? <WorkRecord task={task} /> : null}
          </section>
        ) : null}
      </div>

      {recording ? (
        <WorkDetailsModal
          task={task}
          onClose={() => setRecording(false)}
          onSaved={(saved) => {
            setRecording(false);
            events.onWorkSaved(saved);
          }}
        />
      ) : null}
    </article>
  );
}
