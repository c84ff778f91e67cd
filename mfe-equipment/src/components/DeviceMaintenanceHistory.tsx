import { LIVE_EVENTS, PAGE_SIZES, type DeviceHistoryPage, type LiveEvent } from '@caliber/contracts';
import { ErrorState, formatDate, LoadingState, Pager } from '@caliber/ui-kit';
import { TaskStatusBadge, useApiData, useLiveEvents } from '@caliber/web';
import { useId, useState } from 'react';
import { historyFacts, partsLine, workKind } from '../utils/maintenance-history';

const TASK_EVENTS: readonly LiveEvent[] = LIVE_EVENTS.filter((event) => event.startsWith('task:'));

/**
 * The device's whole maintenance history in its details: every task on it, newest first, a page
 * at a time from the server, with what was wrong, what was done and by whom. Everyone reads it,
 * the technician at the device included, whoever did the work; nothing here changes a task.
 */
export function DeviceMaintenanceHistory({ equipmentId }: { equipmentId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useApiData<DeviceHistoryPage>(
    `/equipment/${encodeURIComponent(equipmentId)}/maintenance?page=${page}&limit=${PAGE_SIZES.deviceMaintenance}`,
    'Failed to load the maintenance history',
  );
  // A task of this device changed where this person may hear of it: read the page again.
  useLiveEvents(TASK_EVENTS, (_event, payload) => {
    if ((payload as { task?: { equipment?: { _id?: string } } }).task?.equipment?._id === equipmentId)
      reload();
  });

  return (
    <section className="device-maintenance" aria-labelledby={headingId}>
      <h3 className="ck-subheading" id={headingId}>
        Maintenance history
      </h3>
      <ErrorState message={error} onAction={reload} />
      {!data && loading ? <LoadingState text="Loading maintenance history…" /> : null}
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
