import { trendOf, type DashboardEquipment, type EquipmentCounts } from '@caliber/contracts';
import { formatCount, statTrendText, trendTone, type Better } from './dashboard-format';
import { UnavailableNote } from './UnavailableNote';

interface StatCardSpec {
  key: keyof EquipmentCounts;
  label: string;
  /** Which way the figure is better moving; null where neither is (the total, work under way). */
  better: Better;
}

const STAT_CARDS: readonly StatCardSpec[] = [
  { key: 'total', label: 'Total Equipment', better: null },
  { key: 'serviceable', label: 'Serviceable', better: 'up' },
  { key: 'maintenance', label: 'Under Maintenance', better: null },
  { key: 'unserviceable', label: 'Unserviceable', better: 'down' },
];

function StatCard({ card, equipment }: { card: StatCardSpec; equipment: DashboardEquipment | null }) {
  const labelId = `dashboard-stat-${card.key}`;
  if (!equipment) {
    return (
      <div className={`dashboard-stat dashboard-stat--${card.key}`} role="group" aria-labelledby={labelId}>
        <h3 id={labelId} className="dashboard-stat__label">
          {card.label}
        </h3>
        <p className="dashboard-stat__value dashboard-stat__value--missing">Unavailable</p>
      </div>
    );
  }
  const now = equipment[card.key];
  // No earlier figures (history too short): no trend line at all.
  const earlier = equipment.earlier?.[card.key];
  const trend = earlier === 0 && now > 0 ? 1 : trendOf(now, earlier);
  const text = statTrendText(now, earlier);
  return (
    <div className={`dashboard-stat dashboard-stat--${card.key}`} role="group" aria-labelledby={labelId}>
      <h3 id={labelId} className="dashboard-stat__label">
        {card.label}
      </h3>
      <p className="dashboard-stat__value">{formatCount(now)}</p>
      {text ? (
        <p className={`dashboard-trend dashboard-trend--${trendTone(trend, card.better)}`}>{text}</p>
      ) : null}
    </div>
  );
}

/**
 * The four equipment stat cards, each with its trend over 30 days where there is one. When the
 * equipment part did not arrive, each card says so and the reason shows once beneath them.
 */
export function StatCards({
  equipment,
  unavailable,
}: {
  equipment: DashboardEquipment | null;
  unavailable: string | undefined;
}) {
  return (
    <section className="dashboard-section" aria-labelledby="dashboard-equipment-figures">
      <h2 id="dashboard-equipment-figures" className="visually-hidden">
        Equipment figures
      </h2>
      <div className="dashboard-stats">
        {STAT_CARDS.map((card) => (
          <StatCard key={card.key} card={card} equipment={equipment} />
        ))}
      </div>
      {equipment ? null : <UnavailableNote what="Equipment figures" reason={unavailable} />}
    </section>
  );
}
