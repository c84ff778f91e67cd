import { Badge } from '@caliber/ui-kit';

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'grey'}>{active ? 'Active' : 'Inactive'}</Badge>;
}
