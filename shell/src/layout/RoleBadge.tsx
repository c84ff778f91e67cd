import { canonicalRole, ROLE_LABELS, type Role } from '@caliber/contracts';
import { Badge, type BadgeTone } from '@caliber/ui-kit';

/** Role badge colours: Admin red, Engineer blue, Technician teal, clinical staff yellow. */
const ROLE_TONES: Record<Role, BadgeTone> = {
  Admin: 'red',
  Engineer: 'blue',
  Technician: 'teal',
  Manager: 'purple',
  Clinical: 'yellow',
};

export function RoleBadge({ role }: { role: string }) {
  const canonical = canonicalRole(role);
  return (
    <Badge tone={canonical ? ROLE_TONES[canonical] : 'grey'}>
      {canonical ? ROLE_LABELS[canonical] : role}
    </Badge>
  );
}
