import type { EquipmentDto } from '@caliber/contracts';
import { Link } from '@caliber/web';
import { EquipmentStatusBadge } from './EquipmentStatusBadge';
import { EquipmentFacts } from './EquipmentFacts';
import { RiskBadges } from './RiskBadges';
import { RecallBadge } from './RecallBadge';

export interface EquipmentCardProps {
  item: EquipmentDto;
  onOpen(item: EquipmentDto): void;
  /** Whether the device is among those chosen (for labels); no check box without `onSelect`. */
  selected?: boolean;
  onSelect?(item: EquipmentDto, selected: boolean): void;
}

/**
 * One inventory card. The whole card opens the item's details: the name is the one button (one
 * tab stop, Enter or Space opens it, its name is what a screen reader announces), and its click
 * area is stretched over the card, so a tap anywhere on the card opens it too. The check box that
 * selects the device and the link to its own page sit above that area, each its own tab stop.
 */
export function EquipmentCard({ item, onOpen, selected = false, onSelect }: EquipmentCardProps) {
  const name = item.name?.trim() || 'Unnamed Equipment';
  return (
    <article
      className={`ck-surface equipment-card${selected ? ' equipment-card--selected' : ''}`}
      aria-label={name}
    >
      <header className="equipment-card__header">
        <h3 className="equipment-card__name">
          <button type="button" className="equipment-card__open" onClick={() => onOpen(item)}>
            {name}
          </button>
        </h3>
        <EquipmentStatusBadge status={item.status} />
      </header>
      <RiskBadges risk={item.risk} />
      <RecallBadge open={item.openRecallActions} />
      <EquipmentFacts item={item} />
      <footer className="equipment-card__footer">
        {onSelect ? (
          <label className="equipment-card__select">
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) => onSelect(item, event.target.checked)}
            />
            Select<span className="visually-hidden"> {name}</span>
          </label>
        ) : null}
        <Link className="equipment-card__page" to={`/equipment/${encodeURIComponent(item._id)}`}>
          Device page<span className="visually-hidden">: {name}</span>
        </Link>
      </footer>
    </article>
  );
}
