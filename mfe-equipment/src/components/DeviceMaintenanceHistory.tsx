import { ErrorState, formatDate, LoadingState, Pager } from '@caliber/ui-kit';
import { errorMessage, TaskStatusBadge } from '@caliber/web';
import { useId, useState } from 'react';
import { useDeviceMaintenance } from '../hooks/equipment-queries';
import { historyFacts, partsLine, workKind } from '../utils/maintenance-history';

/**
 * The device's whole maintenance history in its details: every task on it, newest first, a page
 * at a time from the server, with what was wrong, what was done and by whom. Everyone reads it,
 * the technician at the device included, whoever did the work; nothing here changes a task. The
 * page shown stays while the next loads; a task of this device changed anywhere reloads it.
 */
export function DeviceMaintenanceHistory({ equipmentId }: { equipmentId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const history = useDeviceMaintenance(equipmentId, page);
  const { data } = history;
  const error = history.isError
    ? errorMessage(history.error, 'Failed to load the maintenance history')
    : null;
  const reload = () => void history.refetch();

  return (
    <section className="device-maintenance" aria-labelledby={headingId}>
      <h3 className="ck-subheading" id={headingId}>
        Maintenance history
      </h3>
      <ErrorState message={error} onAction={reload} />
      {!data && history.isFetching ? <LoadingState text="Loading maintenance history…" /> : null}
      {data?.total === 0 ? <p className="muted">No maintenance recorded for this equipment yet.</p> : null}
      {data && data.tasks.length > 0 ? (
        <>
          <p className="muted">
            {data.total} task{data.total === 1 ? '' : 's'}, newest first.
          </p>
          <ol className="device-maintenance__list">
            {data.tasks.map((task) => {
              const parts = partsLine(task);
              return (
                <li key={task._id} className="device-maintenance__item">
                  <div className="device-maintenance__head">
                    <span className="device-maintenance__title">{task.title}</span>
                    <TaskStatusBadge status={task.status} />
                  </div>
                  <span className="muted">
                    {workKind(task)} · {historyFacts(task, formatDate).join(' · ')}
                  </span>
                  {task.faultDescription ? (
                    <p className="device-maintenance__text">
                      <span className="device-maintenance__label">Fault:</span> {task.faultDescription}
                    </p>
                  ) : null}
                  {task.repairDetails ? (
                    <p className="device-maintenance__text">
                      <span className="device-maintenance__label">Repair:</span> {task.repairDetails}
                    </p>
                  ) : null}
                  {parts ? (
                    <p className="device-maintenance__text">
                      <span className="device-maintenance__label">Spare parts:</span> {parts}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
          <Pager
            page={data.page}
            totalPages={data.pages}
            label="Maintenance history pages"
            onPage={setPage}
          />
        </>
      ) : null}
    </section>
  );
}
