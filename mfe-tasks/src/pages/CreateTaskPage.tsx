import { hasFullAccess, type TaskDto } from '@caliber/contracts';
import { Card, Notice, PageHeader } from '@caliber/ui-kit';
import { Link, useCurrentUser } from '@caliber/web';
import { useState } from 'react';
import { CreateTaskForm } from '../components/CreateTaskForm';
import '../tasks.css';

/**
 * /add-task. Any signed-in person may open it; only Engineers and Admins create tasks, so anyone
 * else is told so at once and pointed to Report Issue, which is how they raise work.
 */
export function CreateTaskPage() {
  const user = useCurrentUser();
  const [created, setCreated] = useState<TaskDto | null>(null);
  const mayCreate = hasFullAccess(user.role);
  return (
    <div className="page tasks-page">
      <PageHeader
        title="Create New Task"
        description={
          mayCreate ? 'Raise a maintenance task for a device. Fields marked * are required.' : null
        }
        actions={<Link to="/tasks">Back to Task Management</Link>}
      />
      {mayCreate ? (
        <Card>
          {created ? (
            <Notice>
              Task “{created.title}” created for {created.equipment.name}
              {created.assignedTo ? ` and assigned to ${created.assignedTo.name}` : ''}.{' '}
              <Link to={`/tasks?task=${encodeURIComponent(created._id)}`}>View it in Task Management</Link>
            </Notice>
          ) : null}
          <CreateTaskForm onCreated={setCreated} />
        </Card>
      ) : (
        <Card>
          <p>Only Engineers and Admins create tasks.</p>
          <p>
            To report a fault on a device, use <Link to="/report-issue">Report Issue</Link>: an engineer then
            assigns the work.
          </p>
        </Card>
      )}
    </div>
  );
}
