import type { DashboardSystem } from '@caliber/contracts';
import { Badge, Card, formatDateTime } from '@caliber/ui-kit';
import { systemLines } from './dashboard-format';

/** Database, services, live relay and queue as the gateway found them, and the last reported backup. */
export function SystemStatusCard({ system }: { system: DashboardSystem }) {
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
    </Card>
  );
}
