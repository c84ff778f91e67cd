import { canonicalRole, type Role } from '@caliber/contracts';
import { Badge, type BadgeTone } from '@caliber/ui-kit';

/** Role badge colours: Admin red, Engineer blue, Technician teal. */
const ROLE_TONES: Record<Role, BadgeTone> = {
  Admin: 'red',
  Engineer: 'blue',
  Technician: 'teal',
  Manager: 'purple',
};

export function RoleBadge({ role }: { role: string }) {
  const canonical = canonicalRole(role);
  return <Badge tone={canonical ? ROLE_TONES[canonical] : 'grey'}>{canonical ?? role}</Badge>;
}
