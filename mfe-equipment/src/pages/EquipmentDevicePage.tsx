import { Card, EmptyState, ErrorState, LoadingState, PageHeader } from '@caliber/ui-kit';
import { DeviceCoverNotice } from '@caliber/ui-widgets';
import { isClinical } from '@caliber/contracts';
import { AuditTrailLink, Link, useCurrentUser, useNavigate, useParams } from '@caliber/web';
import { AcquisitionSection } from '../components/AcquisitionSection';
import { ElectricalSafetySection } from '../components/ElectricalSafetySection';
import { DeviceRecalls } from '../components/DeviceRecalls';
import { EquipmentDetails } from '../components/EquipmentDetails';
import { EquipmentFacts } from '../components/EquipmentFacts';
import { EquipmentStatusBadge } from '../components/EquipmentStatusBadge';
import { useEquipmentDetail } from '../hooks/use-equipment-detail';
import '../equipment.css';

const BACK = '/equipment';

/**
 * /equipment/:id: one device on a page of its own, for anyone signed in. This is the address an
 * asset label's QR code holds, so it is what a phone camera opens at the device: its details, its
 * UDI, its maintenance history, and 'Report a fault', which opens Report Issue with the device
 * chosen. A device the inventory does not have says so, with the way back. Clinical staff (whose
 * ward the device must be of) see its status and facts and 'Report a fault' only: its work,
 * safety tests and recalls are the department's. What the device cost (its acquisition figures)
 * shows only to those who read costs: Engineers, Managers and Admins.
 */
export function EquipmentDevicePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const clinical = isClinical(user.role);
  const back = clinical ? 'Back to Ward devices' : 'Back to Equipment Inventory';
  const { item, error, notFound, loading, reload } = useEquipmentDetail(id);

  return (
    <div className="page device-page">
      <PageHeader
        title={item ? item.name || 'Unnamed Equipment' : notFound ? 'Equipment not found' : 'Equipment'}
        titleClassName="device-page__title"
        description={
          item ? [item.serialNumber, item.model, item.manufacturer].filter(Boolean).join(' · ') : null
        }
        actions={
          <>
            {item ? (
              <Link
                className="ck-button ck-button--primary"
                to={`/report-issue?equipment=${encodeURIComponent(item._id)}`}
              >
                Report a fault
              </Link>
            ) : null}
            {item ? <AuditTrailLink equipment={item._id} /> : null}
            <Link to={BACK}>{back}</Link>
          </>
        }
      />

      {loading ? <LoadingState text="Loading equipment…" /> : null}
      {notFound ? (
        <Card>
          <EmptyState
            title={clinical ? 'This device is not on your ward' : 'This device is not in the inventory'}
            text={
              clinical
                ? 'You see the devices of the ward you work in. If this device is faulty, tell the biomedical engineering department.'
                : 'It may have been deleted, or the address or label is not for a device of this inventory.'
            }
            action={<Link to={BACK}>{back}</Link>}
          />
        </Card>
      ) : error ? (
        <ErrorState message={error} onAction={reload} />
      ) : null}
      {item ? <DeviceCoverNotice equipmentId={item._id} /> : null}
      {item && clinical ? (
        <Card className="device-page__details" title="Device details" titleId="device-details-title">
          <div className="detail-status">
            <EquipmentStatusBadge status={item.status} />
          </div>
          <EquipmentFacts item={item} detailed />
        </Card>
      ) : null}
      {item && !clinical ? (
        <Card className="device-page__details" title="Device details" titleId="device-details-title">
          <EquipmentDetails key={item._id} item={item} onDeleted={() => navigate(BACK, { replace: true })} />
        </Card>
      ) : null}
      {item ? (
        <AcquisitionSection key={`acquisition-${item._id}`} equipmentId={item._id} role={user.role} />
      ) : null}
      {item && !clinical ? <ElectricalSafetySection key={item._id} equipmentId={item._id} /> : null}
      {item && !clinical ? (
        <Card title="Recalls and safety notices" titleId="device-recalls-title">
          <DeviceRecalls equipmentId={item._id} version={item.openRecallActions} />
        </Card>
      ) : null}
    </div>
  );
}
