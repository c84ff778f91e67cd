import { mayReadAuditTrail } from '@caliber/contracts';
import { Link } from './router';
import { useSession } from './session';

/**
 * A link to the audit trail filtered to a device or a person, shown only to those who may read it
 * (Engineers, Managers and Admins), so the screens that link to it need one line each.
 */
export function AuditTrailLink({
  equipment,
  person,
  label = 'Audit trail',
}: {
  equipment?: string;
  person?: string;
  label?: string;
}) {
  const { user } = useSession();
  if (!user || !mayReadAuditTrail(user.role)) return null;
  const query = new URLSearchParams();
  if (equipment) query.set('equipment', equipment);
  if (person) query.set('person', person);
  return <Link to={`/audit?${query.toString()}`}>{label}</Link>;
}
