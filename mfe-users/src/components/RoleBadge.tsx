import { Badge } from '@caliber/ui-kit';
import { roleTone } from '../utils/user-list-query';

/** A role as a coloured badge: Admin red, Engineer blue, Technician teal. */
export function RoleBadge({ role }: { role: string }) {
  return <Badge tone={roleTone(role)}>{role}</Badge>;
}
