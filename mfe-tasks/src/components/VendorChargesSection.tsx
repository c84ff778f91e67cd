import type { TaskVendorCharges } from '@caliber/contracts';
import { Button, formatDate, formatMoney } from '@caliber/ui-kit';
import { useState } from 'react';
import { VendorChargesDialog } from './VendorChargesDialog';

/**
 * What outside companies charged for a task's work, in the task's details: each charge (vendor,
 * visit date, invoice number, amount, notes) and their total, with the button that records or
 * edits them. Shown to those the server gives them to (Engineers, Managers and Admins, who read
 * and record costs); the caller shows nothing when it gives none. On a phone each charge reads as
 * a block of its own, labelled, rather than a table scrolled sideways.
 */
export function VendorChargesSection({
  taskId,
  taskTitle,
  vendorCharges,
}: {
  taskId: string;
  taskTitle: string;
  vendorCharges: TaskVendorCharges;
}) {
  const [editing, setEditing] = useState(false);
  const { charges, currency } = vendorCharges;
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <div className="task-charges">
      {charges.length === 0 ? (
        <p className="muted">No vendor charges recorded.</p>
      ) : (
        <div className="task-table-wrap">
          <table className="task-table task-charges__table">
            <caption className="visually-hidden">Vendor charges</caption>
            <thead>
              <tr>
                <th scope="col">Vendor</th>
                <th scope="col">Visit date</th>
                <th scope="col">Invoice number</th>
                <th scope="col" className="task-charges__amount">
                  Amount
                </th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {charges.map((charge, index) => (
                <tr key={`${charge.vendorId}-${charge.visitDate}-${index}`}>
                  <td data-label="Vendor" className="task-charges__vendor">
                    {charge.vendorName}
                  </td>
                  <td data-label="Visit date" className="task-charges__date">
                    {formatDate(charge.visitDate)}
                  </td>
                  <td data-label="Invoice number">{charge.invoiceNumber ?? '—'}</td>
                  <td data-label="Amount" className="task-charges__amount">
                    {money(charge.amount)}
                  </td>
                  <td data-label="Notes" className="task-prose">
                    {charge.notes ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="task-charges__total">
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td className="task-charges__amount">{money(vendorCharges.total)}</td>
                <td aria-hidden="true" />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <div className="task-charges__actions">
        <Button variant="secondary" size="small" onClick={() => setEditing(true)}>
          {charges.length === 0 ? 'Record vendor charges' : 'Edit vendor charges'}
        </Button>
      </div>
      {editing ? (
        <VendorChargesDialog
          taskId={taskId}
          taskTitle={taskTitle}
          latest={vendorCharges}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </div>
  );
}
