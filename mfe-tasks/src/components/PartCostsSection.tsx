import type { TaskDto } from '@caliber/contracts';
import { Button, formatMoney } from '@caliber/ui-kit';
import { useState } from 'react';
import { partCost, partsCostTotal, unpricedSentence } from '../utils/part-costs-form';
import { PartCostsDialog } from './PartCostsDialog';

/**
 * What a task's spare parts cost, in the task's details: each part with its quantity, unit cost,
 * supplier and cost (quantity × unit cost), "—" where not known; the total of the known costs,
 * saying how many parts it leaves out; and the button that records or edits them. Shown to those
 * the server gives costs to (Engineers, Managers and Admins); the caller shows nothing otherwise.
 * On a phone each part reads as a block of its own, labelled, rather than a table scrolled
 * sideways.
 */
export function PartCostsSection({ task, currency }: { task: TaskDto; currency: string | null }) {
  const [editing, setEditing] = useState(false);
  const parts = task.spareParts;
  const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount, currency));
  const totals = partsCostTotal(parts);
  const unpriced = unpricedSentence(totals);
  return (
    <div className="task-part-costs">
      <div className="task-table-wrap">
        <table className="task-table task-part-costs__table">
          <caption className="visually-hidden">Part costs</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col" className="task-part-costs__number">
                Qty
              </th>
              <th scope="col" className="task-part-costs__number">
                Unit cost
              </th>
              <th scope="col">Supplier</th>
              <th scope="col" className="task-part-costs__number">
                Cost
              </th>
            </tr>
          </thead>
          <tbody>
            {parts.map((part, index) => (
              <tr key={`${part.name}-${index}`}>
                <td data-label="Part" className="task-part-costs__part">
                  {part.name}
                </td>
                <td data-label="Qty" className="task-part-costs__number">
                  {part.quantity}
                </td>
                <td data-label="Unit cost" className="task-part-costs__number">
                  {money(part.unitCost)}
                </td>
                <td data-label="Supplier">{part.supplierName ?? '—'}</td>
                <td data-label="Cost" className="task-part-costs__number">
                  {money(partCost(part))}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="task-part-costs__total">
              <th scope="row" colSpan={4}>
                Total
              </th>
              <td className="task-part-costs__number">{formatMoney(totals.total, currency)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {unpriced ? <p className="task-part-costs__unpriced muted">{unpriced}</p> : null}
      <div className="task-part-costs__actions">
        <Button variant="secondary" size="small" onClick={() => setEditing(true)}>
          {totals.priced === 0 ? 'Record part costs' : 'Edit part costs'}
        </Button>
      </div>
      {editing ? (
        <PartCostsDialog latest={task} currency={currency} onClose={() => setEditing(false)} />
      ) : null}
    </div>
  );
}
