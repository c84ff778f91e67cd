/** Facts as a definition list, term beside value: the card's, the details' and what a UDI reads. */
export function FactList({ facts }: { facts: readonly (readonly [string, string])[] }) {
  return (
    <dl className="equipment-card__facts">
      {facts.map(([term, value]) => (
        <div key={term} className="equipment-card__fact">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
