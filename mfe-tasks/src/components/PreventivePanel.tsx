import type { TaskDto, TaskListResponse } from '@caliber/contracts';
import { Badge, FactList, formatDate } from '@caliber/ui-kit';
import type { ReactNode } from 'react';
import { equipmentLabel } from '../utils/format';
import { PREVENTIVE_EMPTY } from '../utils/maintenance-query';
import { MaintenancePanel } from './MaintenancePanel';
import { PriorityBadge } from './PriorityBadge';
import { TaskStatusBadge } from '@caliber/web';

/** One item of work waiting for someone: what, on which device, how urgent, how often, when due. */
function PreventiveItem({ task }: { task: TaskDto }) {
  const facts: [string, ReactNode][] = [
    ['Equipment', equipmentLabel(task.equipment)],
    ['Type', task.pmType ? `${task.taskType} · ${task.pmType}` : task.taskType],
    ['Priority', <PriorityBadge key="priority" priority={task.priority} />],
    ['Interval', task.pmInterval ?? '—'],
    [
      'Due',
      task.dueDate ? (
        <span className={task.overdue ? 'task-overdue' : undefined}>{formatDate(task.dueDate)}</span>
      ) : (
        'No due date'
      ),
    ],
  ];
  return (
    <li className="maintenance-item" aria-label={task.title}>
      <div className="maintenance-item__head">
        <h3 className="maintenance-item__title">{task.title}</h3>
        <span className="maintenance-item__tags">
          <TaskStatusBadge status={task.status} />
          {task.overdue ? <Badge tone="red">Overdue</Badge> : null}
        </span>
      </div>
      {task.description ? <p className="maintenance-item__description">{task.description}</p> : null}
      <FactList facts={facts} />
    </li>
  );
}

/**
 * Unassigned work not yet finished, the earliest due first. The spec names the panel 'Preventive
 * Maintenance', but it holds every unassigned open task, reported faults included, so the line
 * under the heading says so.
 */
export function PreventivePanel({
  data,
  loading,
  onPage,
  empty = PREVENTIVE_EMPTY,
}: {
  data: TaskListResponse | null;
  loading: boolean;
  onPage(page: number): void;
  /** What an empty panel says; the spec's text invites scheduling, which only some may do. */
  empty?: string;
}) {
  return (
    <MaintenancePanel
      id="maintenance-preventive"
      title="Preventive Maintenance"
      description="Every open task nobody is assigned to yet, scheduled PM and reported faults alike, the earliest due first."
      empty={empty}
      data={data}
      loading={loading}
      onPage={onPage}
      pagerLabel="Preventive maintenance pages"
      renderItem={(task) => <PreventiveItem key={task._id} task={task} />}
    />
  );
}
