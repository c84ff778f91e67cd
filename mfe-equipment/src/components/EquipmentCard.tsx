import type { EquipmentDto } from '@caliber/contracts';
import { EquipmentStatusBadge } from './EquipmentStatusBadge';
import { EquipmentFacts } from './EquipmentFacts';
import { RiskBadges } from './RiskBadges';

/**
 * One inventory card. The whole card opens the item's details: the name is the one button (one
 * tab stop, Enter or Space opens it, its name is what a screen reader announces), and its click
 * area is stretched over the card, so a tap anywhere on the card opens it too.
 */
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
      <RiskBadges risk={item.risk} />
      <EquipmentFacts item={item} />
    </article>
  );
}
