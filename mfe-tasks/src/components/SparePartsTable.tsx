import type { SparePart } from '@caliber/contracts';

/** Spare parts as a table: name, quantity and description (and unit cost when one is known). */
export function SparePartsTable({ parts, caption }: { parts: readonly SparePart[]; caption: string }) {
  const costs = parts.some((part) => part.unitCost !== null);
  return (
    <div className="task-table-wrap">
      <table className="task-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col">Qty</th>
            <th scope="col">Description</th>
            {costs ? <th scope="col">Unit cost</th> : null}
          </tr>
        </thead>
        <tbody>
          {parts.map((part, index) => (
            <tr key={`${part.name}-${index}`}>
              <td>{part.name}</td>
              <td>{part.quantity}</td>
              <td>{part.description || '—'}</td>
              {costs ? <td>{part.unitCost === null ? '—' : part.unitCost.toFixed(2)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
