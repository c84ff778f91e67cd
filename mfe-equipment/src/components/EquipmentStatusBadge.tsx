import { equipmentStatusLabel } from '@caliber/contracts';
import { Badge, type BadgeTone } from '@caliber/ui-kit';

/** Colours by the text shown (spec section 2): Under Maintenance reads 'Unserviceable', so red. */
const TONES: Record<string, BadgeTone> = {
  Serviceable: 'green',
  Unserviceable: 'red',
  Decommissioned: 'grey',
  Auctioned: 'purple',
};

export function EquipmentStatusBadge({ status }: { status: string }) {
  const label = equipmentStatusLabel(status);
  return <Badge tone={TONES[label] ?? 'yellow'}>{label}</Badge>;
}
