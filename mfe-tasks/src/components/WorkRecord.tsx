import type { TaskDto } from '@caliber/contracts';
import { hasWorkRecord } from '../utils/task-permissions';
import { formatHours } from '../utils/format';
import { SparePartsTable } from './SparePartsTable';

/** What the technician recorded: fault, repair, spare parts and hours ('No work recorded yet.' before). */
export function WorkRecord({ task }: { task: TaskDto }) {
  if (!hasWorkRecord(task)) return <p className="muted">No work recorded yet.</p>;
  return (
    <div className="work-record">
      <dl className="ck-facts ck-facts--stacked">
        <div className="ck-facts__row">
          <dt>Fault description</dt>
          <dd className="task-prose">{task.faultDescription || '—'}</dd>
        </div>
        <div className="ck-facts__row">
          <dt>Repair details</dt>
          <dd className="task-prose">{task.repairDetails || '—'}</dd>
        </div>
        {task.labourHours !== null ? (
          <div className="ck-facts__row">
            <dt>Labour hours</dt>
            <dd>{formatHours(task.labourHours)}</dd>
          </div>
        ) : null}
        <div className="ck-facts__row">
          <dt>Spare parts</dt>
          <dd>
            {task.spareParts.length > 0 ? (
              <SparePartsTable parts={task.spareParts} caption="Spare parts used" />
            ) : (
              'None'
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
