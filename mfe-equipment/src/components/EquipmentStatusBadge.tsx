import { equipmentStatusLabel, type EquipmentStatus } from '@caliber/contracts';
import { Badge, type BadgeTone } from '@caliber/ui-kit';

/**
 * Coloured by the status, not by the text shown: Under Maintenance reads 'Unserviceable' like a
 * broken device, but it is yellow, so a device being worked on is told apart from one that is
 * simply out of use (red).
 */
export const STATUS_TONES: Record<EquipmentStatus, BadgeTone> = {
  Serviceable: 'green',
  Unserviceable: 'red',
  'Under Maintenance': 'yellow',
  Decommissioned: 'grey',
  Auctioned: 'purple',
};

export function EquipmentStatusBadge({ status }: { status: EquipmentStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? 'yellow'}>{equipmentStatusLabel(status)}</Badge>;
}
