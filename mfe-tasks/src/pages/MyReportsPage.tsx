import { equipmentStatusLabel } from '@caliber/contracts';
import {
  Button,
  Card,
  EmptyState,
  formatDateTime,
  LoadStates,
  Modal,
  PageHeader,
  Pager,
} from '@caliber/ui-kit';
import { DocumentsPanel } from '@caliber/ui-widgets';
import { documentRecordPath, Link, useAddressFilters, useCurrentUser } from '@caliber/web';
import { useState } from 'react';
import { useStartingDevice, useTaskList, useTaskLiveUpdates, readError } from '../hooks/task-queries';
import { reportProgress } from '../utils/report-progress';
import '../tasks.css';

/** The faults the person reported, their own list whatever role they have: `reported=1`. */
const SCOPE = { ownOnly: true, technicianFilter: false } as const;

/** The device's status now, read from the device (the reporter sees their ward's devices). */
function DeviceStatus({ equipmentId }: { equipmentId: string }) {
  const device = useStartingDevice(equipmentId);
  if (device.isError) return <>Not available</>;
  return <>{device.data ? equipmentStatusLabel(device.data.status) : '…'}</>;
}

/**
 * /my-reports: the faults the signed-in person reported, newest first, each with where it stands
 * (its state, who took it, when it was reported, when the device was back in service, and the
 * device's status now). It is clinical staff's home; live task events keep it current. The
 * server holds the list to their own reports whatever the address asks. Each report's **Photos**
 * shows the photos sent with it and takes more (a photo that failed with the report, or a later
 * one); the reporter removes only their own.
 */
export function MyReportsPage() {
  useTaskLiveUpdates();
  const user = useCurrentUser();
  // The report whose photos are open, if any.
  const [photosOf, setPhotosOf] = useState<{ id: string; title: string } | null>(null);
  const { params, update } = useAddressFilters<'page'>();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const reports = useTaskList({ q: '', technician: '', page, show: 'reported' }, SCOPE);
  const list = reports.data ?? null;

  return (
    <div className="page tasks-page">
      <PageHeader
        title="My reports"
        description="The faults you reported, and where each one is."
        actions={
          <Link className="ck-button ck-button--primary" to="/report-issue">
            Report a fault
          </Link>
        }
      />
      <LoadStates
        data={list}
        error={readError(reports, 'Failed to load your reports')}
        onRetry={() => void reports.refetch()}
        loadingText="Loading your reports…"
      >
        {(list) =>
          list.tasks.length === 0 ? (
            <Card>
              <EmptyState
                title="No reports yet"
                text="When you report a fault on a device, it shows here until the device is back in service."
                action={<Link to="/report-issue">Report a fault</Link>}
              />
            </Card>
          ) : (
            <>
              <ul className="my-reports" aria-label="My reports">
                {list.tasks.map((task) => {
                  const progress = reportProgress(task);
                  return (
                    <li key={task._id} className="ck-surface my-reports__item" aria-label={task.title}>
                      <h3 className="my-reports__title">{task.title}</h3>
                      <p className="muted">
                        {task.equipment.name}
                        {task.equipment.serialNumber ? ` · ${task.equipment.serialNumber}` : ''}
                      </p>
                      <dl className="my-reports__facts">
                        <dt>State</dt>
                        <dd>{progress.state}</dd>
                        <dt>Taken by</dt>
                        <dd>{progress.takenBy}</dd>
                        <dt>Reported</dt>
                        <dd>{formatDateTime(task.createdAt)}</dd>
                        <dt>Back in service</dt>
                        <dd>
                          {progress.backInServiceAt ? formatDateTime(progress.backInServiceAt) : 'Not yet'}
                        </dd>
                        <dt>Device status</dt>
                        <dd>
                          <DeviceStatus equipmentId={task.equipment._id} />
                        </dd>
                      </dl>
                      <Button
                        variant="secondary"
                        className="my-reports__photos"
                        onClick={() => setPhotosOf({ id: task._id, title: task.title })}
                        aria-label={`Photos of ${task.title}`}
                      >
                        Photos
                      </Button>
                    </li>
                  );
                })}
              </ul>
              <Pager
                page={list.page}
                totalPages={list.pages}
                label="Report pages"
                onPage={(next) => update({ page: String(next) })}
              />
            </>
          )
        }
      </LoadStates>
      <Modal title={photosOf?.title ?? 'Photos'} open={photosOf !== null} onClose={() => setPhotosOf(null)}>
        {photosOf ? (
          <DocumentsPanel
            recordPath={documentRecordPath('tasks', photosOf.id)}
            label="Photos"
            purposes={['photo']}
            canRemove={(document) => document.addedById === user._id}
            emptyText="No photo was sent with this report yet."
          />
        ) : null}
      </Modal>
    </div>
  );
}
