/**
 * Facts as a definition list, term beside value: the card's, the details' and what a UDI reads.
 * `label` names the list for a screen reader when the page has several.
 */
export function FactList({
  facts,
  label,
}: {
  facts: readonly (readonly [string, string])[];
  label?: string;
}) {
  return (
    <dl className="equipment-card__facts" aria-label={label}>
      {facts.map(([term, value]) => (
        <div key={term} className="equipment-card__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
