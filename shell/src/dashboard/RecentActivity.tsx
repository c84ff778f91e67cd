import type { DashboardRecentTask } from '@caliber/contracts';
import { Card, formatDateTime } from '@caliber/ui-kit';
import { Link, TaskStatusBadge } from '@caliber/web';
import { UnavailableNote } from './UnavailableNote';

/**
 * The latest tasks, newest first as the gateway lists them. A title opens the task's details on
 * the Tasks screen (its `task` address key).
 */
export function RecentActivity({
  recent,
  available,
  unavailable,
}: {
  recent: DashboardRecentTask[];
  /** False when the tasks part did not arrive: an empty list would then be a false 'nothing'. */
  available: boolean;
  unavailable: string | undefined;
}) {
  return (
    <Card title="Recent Activity" titleId="dashboard-recent-activity">
      {!available ? (
        <UnavailableNote what="Recent activity" reason={unavailable} />
      ) : recent.length === 0 ? (
        <p className="muted">No recent activity.</p>
      ) : (
        <ul className="dashboard-activity">
          {recent.map((task) => (
            <li key={task._id} className="dashboard-activity__item">
              <div className="dashboard-activity__head">
                <Link
                  to={`/tasks?task=${encodeURIComponent(task._id)}`}
                  className="dashboard-activity__title"
                >
                  {task.title}
                </Link>
                <TaskStatusBadge status={task.status} />
              </div>
              <dl className="dashboard-activity__facts">
                <div>
                  <dt>Equipment</dt>
                  <dd>{task.equipmentName}</dd>
                </div>
                <div>
                  <dt>Technician</dt>
                  <dd>{task.technicianName ?? 'Unassigned'}</dd>
                </div>
                <div>
                  <dt>Created</dt>
                  <dd>
                    <time dateTime={task.createdAt}>{formatDateTime(task.createdAt)}</time>
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
