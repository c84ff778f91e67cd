import { departmentLabel } from '@caliber/contracts';
import { Card, formatDateTime } from '@caliber/ui-kit';
import { useCurrentUser, useProductName } from '@caliber/web';
import { RoleBadge } from '../layout/RoleBadge';
import { lastLoginText } from './dashboard-format';

/** The person signed in, and when they signed in before this session. */
export function ProfileCard({
  lastLogin,
  unavailable,
}: {
  lastLogin: string | null;
  unavailable: string | undefined;
}) {
  const user = useCurrentUser();
  const product = useProductName();
  return (
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
      <p className="muted">Last Login: {lastLoginText(lastLogin, unavailable, formatDateTime)}</p>
      {!lastLogin && unavailable ? <p className="muted">{unavailable}</p> : null}
    </Card>
  );
}
