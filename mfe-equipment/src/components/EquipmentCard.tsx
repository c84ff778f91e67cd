import type { EquipmentDto } from '@caliber/contracts';
import { EquipmentStatusBadge } from './EquipmentStatusBadge';
import { formatDate } from '../utils/format';

/** One inventory card; the whole card opens the item's details. */
export function EquipmentCard({ item, onOpen }: { item: EquipmentDto; onOpen(item: EquipmentDto): void }) {
  const name = item.name?.trim() || 'Unnamed Equipment';
  return (
    <article className="equipment-card" aria-label={name}>
      <header className="equipment-card__header">
        <h3 className="equipment-card__name">
          <button type="button" className="equipment-card__open" onClick={() => onOpen(item)}>
            {name}
          </button>
        </h3>
        <EquipmentStatusBadge status={item.status} />
      </header>
      <dl className="equipment-card__facts">
        <dt>Serial Number</dt>
        <dd>{item.serialNumber}</dd>
        <dt>Model</dt>
        <dd>{item.model}</dd>
        <dt>Manufacturer</dt>
        <dd>{item.manufacturer}</dd>
        <dt>Department</dt>
        <dd>{item.department}</dd>
        <dt>Location</dt>
        <dd>{item.location}</dd>
        <dt>Category</dt>
        <dd>{item.category}</dd>
        <dt>Installed</dt>
        <dd>{formatDate(item.installationDate)}</dd>
        {item.warrantyExpiry ? (
          <>
            <dt>Warranty Expiry</dt>
            <dd>{formatDate(item.warrantyExpiry)}</dd>
          </>
        ) : null}
      </dl>
    </article>
  );
}
