import type { DashboardTasks } from '@caliber/contracts';
import { Card } from '@caliber/ui-kit';
import { formatCount } from './dashboard-format';
import { UnavailableNote } from './UnavailableNote';

/** The Tasks Summary's four figures, as the tasks part counts them (a Technician's own tasks). */
export function TasksSummary({
  tasks,
  ownOnly,
  unavailable,
}: {
  tasks: DashboardTasks | null;
  /** A Technician's figures are their own tasks: the card says so. */
  ownOnly: boolean;
  unavailable: string | undefined;
}) {
  const lines = tasks
    ? [
        { label: 'Total', value: tasks.total },
        { label: 'Pending', value: tasks.pending },
        { label: 'In Progress', value: tasks.inProgress },
        { label: 'Completed', value: tasks.completed },
      ]
    : [];
  return (
    <Card
      title="Tasks Summary"
      titleId="dashboard-tasks-summary"
      description={ownOnly ? 'The tasks assigned to you.' : undefined}
    >
      {tasks ? (
        <dl className="dashboard-summary">
          {lines.map((line) => (
            <div key={line.label} className="dashboard-summary__item">
              <dt>{line.label}</dt>
              <dd>{formatCount(line.value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <UnavailableNote what="Task figures" reason={unavailable} />
      )}
    </Card>
  );
}
