import { DELIVERY_CHANNEL_LABELS, type DeliveryRecord } from '@caliber/contracts';
import { shortMoment } from '../utils/short-moment';
import { DeliveryStateBadge } from './DeliveryStateBadge';

/** When a pending delivery is tried next, or when a sent one went (after quiet hours, hours later). */
function stateWhen(row: DeliveryRecord, timeZone: string): string | null {
  if (row.state === 'pending' && row.nextAttemptAt)
    return `Next try ${shortMoment(row.nextAttemptAt, timeZone)}`;
  if (row.state === 'sent' && row.sentAt) return shortMoment(row.sentAt, timeZone);
  return null;
}

/** A masked address that breaks after its '@' only: "k•••@" over "hospital.example", a number whole. */
function MaskedAddress({ address }: { address: string }) {
  const at = address.indexOf('@');
  return (
    <span className="deliveries-table__address">
      {at < 0 ? (
        <span>{address}</span>
      ) : (
        <>
          <span>{address.slice(0, at + 1)}</span>
          <wbr />
          <span>{address.slice(at + 1)}</span>
        </>
      )}
    </span>
  );
}

function Optional({ text, className }: { text: string | null; className?: string }) {
  return text ? <span className={className}>{text}</span> : <span className="muted">—</span>;
}

/**
 * A page of the delivery record as a table on wide screens; on a phone each delivery becomes a
 * card whose cells carry their column's name (`data-label`). Times are in `timeZone`. Addresses
 * come masked from the service: no one's full address or number reaches the screen.
 */
export function DeliveryTable({ rows, timeZone }: { rows: readonly DeliveryRecord[]; timeZone: string }) {
  return (
    <div className="ck-table-frame ck-table-frame--raised">
      <table className="ck-table ck-table--records deliveries-table">
        <thead>
          <tr>
            <th scope="col">Made</th>
            <th scope="col">Recipient</th>
            <th scope="col">Channel</th>
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
                <td data-label="Made" className="deliveries-table__when">
                  {shortMoment(row.createdAt, timeZone)}
                </td>
                <td data-label="Recipient">
                  <span className="deliveries-table__stack">
                    <strong>{row.recipientName}</strong>
                    <span className="muted deliveries-table__mono">{row.recipientServiceNumber}</span>
                  </span>
                </td>
                <td data-label="Channel">
                  <span className="deliveries-table__stack">
                    {DELIVERY_CHANNEL_LABELS[row.channel]}
                    <MaskedAddress address={row.address} />
                  </span>
                </td>
                <td data-label="Notification" className="deliveries-table__title">
                  {row.title}
                </td>
                <td data-label="State">
                  <span className="deliveries-table__stack">
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
