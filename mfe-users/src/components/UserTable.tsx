import { departmentLabel, type UserDto } from '@caliber/contracts';
import { Avatar, Button } from '@caliber/ui-kit';
import { AuditTrailLink, useProductName } from '@caliber/web';
import { canDelete, canEdit, canManageRoster, isSelf, type Viewer } from '../utils/user-permissions';
import { ActiveBadge } from './ActiveBadge';
import { RoleBadge } from './RoleBadge';

export interface UserTableProps {
  users: readonly UserDto[];
  viewer: Viewer;
  onEdit(user: UserDto): void;
  onDelete(user: UserDto): void;
}

/**
 * The roster as a table on wide screens; on a phone each row becomes a card whose cells carry
 * their column's name (`data-label`). Edit and Delete per row for Engineers and Admins (no Delete
 * on one's own row); 'Read-only' for everyone else.
 */
export function UserTable({ users, viewer, onEdit, onDelete }: UserTableProps) {
  const product = useProductName();
  const manages = canManageRoster(viewer);
  return (
    <div className="ck-table-frame ck-table-frame--raised">
      <table className="ck-table ck-table--records users-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Service #</th>
            <th scope="col">Email</th>
            <th scope="col">Phone</th>
            <th scope="col">Role</th>
            <th scope="col">Department</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user._id} aria-label={user.name}>
              <td className="users-table__name">
                <div className="users-table__person">
                  <Avatar name={user.name} />
                  <span>
                    <strong>{user.name}</strong>
                    {isSelf(viewer, user) ? <span className="muted users-table__you"> (you)</span> : null}
                  </span>
                </div>
              </td>
              <td data-label="Service #" className="users-table__mono">
                {user.serviceNumber}
              </td>
              <td data-label="Email" className="users-table__email">
                {user.email ? <EmailAddress email={user.email} /> : <span className="muted">—</span>}
              </td>
              <td data-label="Phone" className="users-table__mono">
                {user.phoneNumber}
              </td>
              <td data-label="Role">
                <RoleBadge role={user.role} />
              </td>
              <td data-label="Department">{departmentLabel(user.department, product)}</td>
              <td data-label="Status">
                <ActiveBadge active={user.isActive} />
              </td>
              <td className="ck-table__actions">
                {manages && canEdit(viewer, user) ? (
                  <div className="ck-row-actions">
                    <Button
                      variant="secondary"
                      size="small"
                      onClick={() => onEdit(user)}
                      aria-label={`Edit ${user.name}`}
                    >
                      Edit
                    </Button>
                    {canDelete(viewer, user) ? (
                      <Button
                        variant="danger"
                        size="small"
                        onClick={() => onDelete(user)}
                        aria-label={`Delete ${user.name}`}
                      >
                        Delete
                      </Button>
                    ) : null}
                    <AuditTrailLink person={user._id} />
                  </div>
                ) : (
                  <span className="muted">Read-only</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An address that may break after its '@' only, so a narrow column shows "name@" over "hospital.org". */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
