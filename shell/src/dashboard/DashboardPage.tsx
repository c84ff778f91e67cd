import { departmentLabel } from '@caliber/contracts';
import { Badge, Card } from '@caliber/ui-kit';
import { useCurrentUser, useProductName } from '@caliber/web';
import { RoleBadge } from '../layout/RoleBadge';

/** The landing route. Its statistics, activity and summaries arrive with the dashboard's own issue. */
export function DashboardPage() {
  const user = useCurrentUser();
  const product = useProductName();
  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Dashboard</h1>
          <p className="page__subtitle">Welcome back, {user.name}.</p>
        </div>
      </header>
      <div className="card-grid">
        <Card title="Profile" titleId="profile-card">
          <dl className="facts">
            <dt>Name</dt>
            <dd>{user.name}</dd>
            <dt>Role</dt>
            <dd>
              <RoleBadge role={user.role} />
            </dd>
            <dt>Department</dt>
            <dd>{departmentLabel(user.department || product, product)}</dd>
          </dl>
          <p className="muted">Last Login: Today</p>
        </Card>
        <Card title="System Status" titleId="system-status-card">
          <ul className="status-list">
            {['Database', 'API', 'Backup'].map((part) => (
              <li key={part}>
                <span>{part}</span>
                <Badge tone="green">OK</Badge>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
