import type { DashboardEquipment, EquipmentStatus } from '@caliber/contracts';
import { Card } from '@caliber/ui-kit';
import { formatCount, shareText, statusShares } from './dashboard-format';
import { UnavailableNote } from './UnavailableNote';

/** The bar colours follow the inventory's status badges (green, yellow, red, grey, purple). */
const STATUS_CLASSES: Record<EquipmentStatus, string> = {
  Serviceable: 'serviceable',
  'Under Maintenance': 'maintenance',
  Unserviceable: 'unserviceable',
  Decommissioned: 'decommissioned',
  Auctioned: 'auctioned',
};

/**
 * Every equipment status with its count and a bar as wide as its share. The bar is an image whose
 * label gives the share in words; the status and count beside it are plain text.
 */
export function StatusOverview({
  equipment,
  unavailable,
}: {
  equipment: DashboardEquipment | null;
  unavailable: string | undefined;
}) {
  return (
    <Card title="Equipment Status Overview" titleId="dashboard-status-overview">
      {equipment ? (
        <ul className="dashboard-bars">
          {statusShares(equipment.byStatus).map((share) => (
            <li key={share.status} className="dashboard-bars__row">
              <span className="dashboard-bars__status">{share.status}</span>
              <span className="dashboard-bars__count">
                {formatCount(share.count)} <span className="muted">({shareText(share)})</span>
              </span>
              <span
                className="dashboard-bars__track"
                role="img"
                aria-label={`${shareText(share)} of all equipment`}
              >
                <span
                  className={`dashboard-bars__fill dashboard-bars__fill--${STATUS_CLASSES[share.status]}${
                    share.count > 0 ? ' dashboard-bars__fill--some' : ''
                  }`}
                  style={{ width: `${share.percent}%` }}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <UnavailableNote what="Equipment status" reason={unavailable} />
      )}
    </Card>
  );
}
