import type { TaskDto, TaskListResponse } from '@caliber/contracts';
import { formatDate } from '@caliber/ui-kit';
import { equipmentLabel } from '../utils/format';
import { repairDetailsOf } from '../utils/maintenance-query';
import { MaintenancePanel } from './MaintenancePanel';
import { SparePartsTable } from './SparePartsTable';

/** One piece of finished work: what was wrong, what was done, the parts used. */
function HistoryItem({ task }: { task: TaskDto }) {
  const repair = repairDetailsOf(task);
  return (
    <li className="maintenance-item" aria-label={task.title}>
      <div className="maintenance-item__head">
        <h3 className="maintenance-item__title">{task.title}</h3>
        {task.completedDate ? (
          <span className="maintenance-item__when">Completed {formatDate(task.completedDate)}</span>
        ) : null}
      </div>
      <p className="maintenance-item__device">{equipmentLabel(task.equipment)}</p>
      <dl className="ck-facts ck-facts--stacked">
        <div className="ck-facts__row">
          <dt>Fault</dt>
          <dd className="task-prose">{task.faultDescription || '—'}</dd>
        </div>
        <div className="ck-facts__row">
          <dt>Repair details</dt>
          <dd className="task-prose">{repair || '—'}</dd>
        </div>
        <div className="ck-facts__row">
          <dt>Spare parts</dt>
          <dd>
            {task.spareParts.length > 0 ? (
              <SparePartsTable parts={task.spareParts} caption={`Spare parts used: ${task.title}`} />
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** Completed work, the most recently completed first. */
export function HistoryPanel({
  data,
  loading,
  onPage,
}: {
  data: TaskListResponse | null;
  loading: boolean;
  onPage(page: number): void;
}) {
  return (
    <MaintenancePanel
      id="maintenance-history"
      title="Maintenance History"
      description="Completed work, the most recent first."
      empty="No maintenance history yet."
      data={data}
      loading={loading}
      onPage={onPage}
      pagerLabel="Maintenance history pages"
      renderItem={(task) => <HistoryItem key={task._id} task={task} />}
    />
  );
}
