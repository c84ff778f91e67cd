import type { DashboardEquipment, EquipmentStatus } from '@caliber/contracts';
import { Card, Meter, type MeterTone } from '@caliber/ui-kit';
import { formatCount, shareText, statusShares } from './dashboard-format';
import { UnavailableNote } from './UnavailableNote';

/** The bar colours follow the inventory's status badges (green, yellow, red, grey, purple). */
const STATUS_TONES: Record<EquipmentStatus, MeterTone> = {
  Serviceable: 'good',
  'Under Maintenance': 'warn',
  Unserviceable: 'bad',
  Decommissioned: 'neutral',
  Auctioned: 'accent',
};

/**
 * Every equipment status with its count and a meter as wide as its share of all the devices. The
 * meter is named by the status and reads out its share ('34% of all equipment'); the count and
 * share beside the status are plain text.
 */
export function StatusOverview({
  equipment,
  unavailable,
}: {
  equipment: DashboardEquipment | null;
  unavailable: string | undefined;
}) {
  const shares = equipment ? statusShares(equipment.byStatus) : [];
  const all = shares.reduce((sum, share) => sum + share.count, 0);
  return (
    <Card title="Equipment Status Overview" titleId="dashboard-status-overview">
      {equipment ? (
        <ul className="dashboard-bars">
          {shares.map((share) => (
            <li key={share.status} className="dashboard-bars__row">
              <Meter
                label={share.status}
                value={share.count}
                max={all}
                tone={STATUS_TONES[share.status]}
                valueText={
                  <>
                    {formatCount(share.count)} <span className="muted">({shareText(share)})</span>
                  </>
                }
                spokenValue={`${formatCount(share.count)}, ${shareText(share)} of all equipment`}
              />
            </li>
          ))}
        </ul>
      ) : (
        <UnavailableNote what="Equipment status" reason={unavailable} />
      )}
    </Card>
  );
}
