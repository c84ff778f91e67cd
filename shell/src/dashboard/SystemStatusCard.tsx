import type { DashboardSystem } from '@caliber/contracts';
import { Badge, Card, formatDateTime } from '@caliber/ui-kit';
import { systemLines, systemNote } from './dashboard-format';

/**
 * Database, services, live relay and queue as the gateway found them, and the last reported
 * backup. What is wrong is spelled out for Engineers and Admins; others read 'Not working' and who
 * can see more.
 */
export function SystemStatusCard({ system }: { system: DashboardSystem }) {
  const note = systemNote(system);
  return (
    <Card title="System Status" titleId="system-status-card">
      <ul className="status-list dashboard-system">
        {systemLines(system, formatDateTime).map((line) => (
          <li key={line.label}>
            <span>{line.label}</span>
            <Badge tone={line.tone}>{line.text}</Badge>
          </li>
        ))}
      </ul>
      {note && <p className="dashboard-system__note">{note}</p>}
    </Card>
  );
}
