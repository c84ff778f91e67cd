import { DELIVERY_CHANNEL_LABELS, type DeliveryRecord } from '@caliber/contracts';
import { shownTimeZone, useHospitalTimeZone } from '@caliber/web';
import { DeliveryStateBadge } from './DeliveryStateBadge';

/** A moment to the minute, in the zone the screens show times in. */
function at(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** When a pending delivery is tried next, or when a sent one went (after quiet hours, hours later). */
function stateWhen(row: DeliveryRecord, timeZone: string): string | null {
  if (row.state === 'pending' && row.nextAttemptAt) return `Next try ${at(row.nextAttemptAt, timeZone)}`;
  if (row.state === 'sent' && row.sentAt) return at(row.sentAt, timeZone);
  return null;
}

function Optional({ text, className }: { text: string | null; className?: string }) {
  return text ? <span className={className}>{text}</span> : <span className="muted">—</span>;
}

/**
 * A page of the delivery record as a table on wide screens; on a phone each delivery becomes a
 * card whose cells carry their column's name (`data-label`). Addresses come masked from the
 * service; no one's full address or number reaches the screen.
 */
export function DeliveryTable({ rows }: { rows: readonly DeliveryRecord[] }) {
  const timeZone = shownTimeZone(useHospitalTimeZone());
  const made = `Made (${timeZone.replace(/_/g, ' ')} time)`;
  return (
    <div className="ck-table-frame ck-table-frame--raised">
      <table className="ck-table ck-table--records deliveries-table">
        <thead>
          <tr>
            <th scope="col">{made}</th>
            <th scope="col">Recipient</th>
            <th scope="col">Channel</th>
            <th scope="col">Address</th>
            <th scope="col">Notification</th>
            <th scope="col">State</th>
            <th scope="col">Tries</th>
            <th scope="col">Note</th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const when = stateWhen(row, timeZone);
            return (
              <tr key={row.id} aria-label={`${row.recipientName}, ${DELIVERY_CHANNEL_LABELS[row.channel]}`}>
                <td data-label={made} className="deliveries-table__when">
                  {at(row.createdAt, timeZone)}
                </td>
                <td data-label="Recipient">
                  <span className="deliveries-table__person">
                    <strong>{row.recipientName}</strong>
                    <span className="muted deliveries-table__mono">{row.recipientServiceNumber}</span>
                  </span>
                </td>
                <td data-label="Channel">{DELIVERY_CHANNEL_LABELS[row.channel]}</td>
                <td data-label="Address" className="deliveries-table__mono deliveries-table__address">
                  {row.address}
                </td>
                <td data-label="Notification" className="deliveries-table__title">
                  {row.title}
                </td>
                <td data-label="State">
                  <span className="deliveries-table__state">
                    <DeliveryStateBadge state={row.state} />
                    {when ? <span className="muted deliveries-table__small">{when}</span> : null}
                  </span>
                </td>
                <td data-label="Tries" className="deliveries-table__mono">
                  {row.attempts}
                </td>
                <td data-label="Note" className="deliveries-table__text">
                  <Optional text={row.note} />
                </td>
                <td data-label="Last error" className="deliveries-table__text">
                  <Optional text={row.lastError} className="deliveries-table__error" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
