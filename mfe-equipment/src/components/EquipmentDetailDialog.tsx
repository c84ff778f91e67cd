import { LoadStates, Modal } from '@caliber/ui-kit';
import { Link } from '@caliber/web';
import { useEquipmentDetail } from '../hooks/use-equipment-detail';
import { EquipmentDetails } from './EquipmentDetails';

/**
 * An item's details over the inventory (see EquipmentDetails), with a link to the device's own
 * page: the address its asset label's QR code holds, which can be bookmarked or sent.
 */
export function EquipmentDetailDialog({ id, onClose }: { id: string; onClose(): void }) {
  const { item, error, reload } = useEquipmentDetail(id);
  return (
    <Modal title={item?.name || (error ? 'Equipment' : 'Loading…')} open onClose={onClose}>
      <LoadStates data={item} error={error} onRetry={reload} loadingText="Loading equipment…">
        {(item) => (
          <EquipmentDetails
            key={item._id}
            item={item}
            onDeleted={onClose}
            aside={
              <Link className="detail-status__link" to={`/equipment/${encodeURIComponent(item._id)}`}>
                Open the device page
              </Link>
            }
          />
        )}
      </LoadStates>
    </Modal>
  );
}
