import type { SparePart } from '@caliber/contracts';
import { formatMoney } from '@caliber/ui-kit';

/**
 * Spare parts as a table: name, quantity and description, the unit cost when one is known and the
 * supplier when one is recorded (a column nobody has filled is left out). The unit cost is written
 * in the hospital currency when the caller knows it, else as a plain figure with two decimals.
 */
export function SparePartsTable({
  parts,
  caption,
  currency = null,
}: {
  parts: readonly SparePart[];
  caption: string;
  currency?: string | null;
}) {
  const costs = parts.some((part) => part.unitCost !== null);
  const suppliers = parts.some((part) => part.supplierName !== null);
  const unitCost = (amount: number) => (currency ? formatMoney(amount, currency) : amount.toFixed(2));
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
            {suppliers ? <th scope="col">Supplier</th> : null}
          </tr>
        </thead>
        <tbody>
          {parts.map((part, index) => (
            <tr key={`${part.name}-${index}`}>
              <td>{part.name}</td>
              <td>{part.quantity}</td>
              <td>{part.description || '—'}</td>
              {costs ? <td>{part.unitCost === null ? '—' : unitCost(part.unitCost)}</td> : null}
              {suppliers ? <td>{part.supplierName ?? '—'}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
