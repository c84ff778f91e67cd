import {
  EQUIPMENT_STATUSES,
  equipmentStatusLabel,
  hasFullAccess,
  PAGE_SIZES,
  statusChangeRefusal,
  type EquipmentDetail,
  type EquipmentStatus,
  type StatusHistoryEntry,
  type StatusHistoryPage,
} from '@caliber/contracts';
import { Button, ErrorBox, Notice, SelectField, TextField, formatDateTime } from '@caliber/ui-kit';
import { api, errorMessage, useCurrentUser } from '@caliber/web';
import { useState, type ReactNode } from 'react';
import { DeviceMaintenanceHistory } from './DeviceMaintenanceHistory';
import { EquipmentFacts } from './EquipmentFacts';
import { EquipmentStatusBadge } from './EquipmentStatusBadge';
import { RiskAssessmentSection } from './RiskAssessmentSection';
import { UdiFacts } from './UdiFacts';

interface OlderChanges {
  entries: StatusHistoryEntry[];
  page: number;
  error: string | null;
}

const NO_OLDER: OlderChanges = { entries: [], page: 1, error: null };

export interface EquipmentDetailsProps {
  item: EquipmentDetail;
  /** After a change made here (status, risk): the device is asked for again. */
  onChanged(): void;
  /** After Delete: the device is gone, so whatever shows it closes. */
  onDeleted(): void;
  /** Shown beside the status line (the dialog's link to the device page). */
  aside?: ReactNode;
}

/**
 * A device's details, for the technician at the device: its fields and UDI, its risk assessment,
 * a status change, its maintenance history (every task on it, for everyone) and its status history.
 * The item details dialog and the device page show the same. The status choices are only those
 * the person may set (the rule the equipment service enforces): anyone may report a device out of
 * use; returning it to service, retiring and reviving it are for Engineers and Admins. The change
 * carries the version shown, so a stale screen cannot overwrite a newer status.
 */
export function EquipmentDetails({ item, onChanged, onDeleted, aside }: EquipmentDetailsProps) {
  const user = useCurrentUser();
  const [status, setStatus] = useState<EquipmentStatus | ''>('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  /** Older status changes loaded on request, page by page, after the newest ones. */
  const [older, setOlder] = useState<OlderChanges>(NO_OLDER);
  const [olderOf, setOlderOf] = useState(item);
  const [loadingOlder, setLoadingOlder] = useState(false);

  // A fresh answer starts the history again from its newest page.
  if (olderOf !== item) {
    setOlderOf(item);
    setOlder(NO_OLDER);
  }

  const chosen = status || item.status;
  const allowed = EQUIPMENT_STATUSES.filter((value) => !statusChangeRefusal(user.role, item.status, value));

  async function changeStatus() {
    if (!chosen || chosen === item.status) return;
    setBusy(true);
    setMessage(null);
    try {
      await api.put(`/equipment/${item._id}/status`, {
        status: chosen,
        reason: reason.trim() || undefined,
        version: item.version,
      });
      setMessage({ text: `Status changed to ${equipmentStatusLabel(chosen)}.`, failed: false });
      setReason('');
      setStatus('');
      onChanged();
    } catch (error) {
      setMessage({ text: errorMessage(error, 'Failed to change the status'), failed: true });
    } finally {
      setBusy(false);
    }
  }

  async function loadOlder() {
    setLoadingOlder(true);
    try {
      const next = older.page + 1;
      const answer = await api.get<StatusHistoryPage>(
        `/equipment/${item._id}/history?page=${next}&limit=${PAGE_SIZES.statusHistory}`,
      );
      setOlder({ entries: [...older.entries, ...answer.entries], page: next, error: null });
    } catch (error) {
      setOlder({ ...older, error: errorMessage(error, 'Failed to load older changes') });
    } finally {
      setLoadingOlder(false);
    }
  }

  async function remove() {
    if (!window.confirm(`Delete ${item.name} from the inventory?`)) return;
    setBusy(true);
    try {
      await api.delete(`/equipment/${item._id}`);
      onDeleted();
    } catch (error) {
      setMessage({ text: errorMessage(error, 'Failed to delete equipment'), failed: true });
      setBusy(false);
    }
  }

  return (
    <>
      <div className="detail-status">
        <EquipmentStatusBadge status={item.status} />
        <span className="muted">
          Updated {formatDateTime(item.updatedAt)}
          {item.updatedBy ? ` by ${item.updatedBy.name}` : ''}
        </span>
        {aside}
      </div>
      <EquipmentFacts item={item} detailed />
      <UdiFacts item={item} />
      <RiskAssessmentSection key={item._id} item={item} onSaved={onChanged} />

      <h3 className="ck-subheading">Change status</h3>
      {allowed.length <= 1 ? (
        <p className="muted">Only Engineers and Admins may change the status of this equipment.</p>
      ) : null}
      {message ? (
        message.failed ? (
          <ErrorBox>{message.text}</ErrorBox>
        ) : (
          <Notice>{message.text}</Notice>
        )
      ) : null}
      <div className="form-grid">
        <SelectField<EquipmentStatus | ''>
          label="New status"
          value={chosen}
          onChange={setStatus}
          options={allowed.map((value) => ({ value, label: value }))}
          disabled={allowed.length <= 1}
        />
        <TextField
          label="Reason"
          hint="Optional"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <div className="form-actions">
        <Button
          onClick={() => void changeStatus()}
          busy={busy}
          busyLabel="Saving..."
          disabled={chosen === item.status || allowed.length <= 1}
        >
          Update Status
        </Button>
        {hasFullAccess(user.role) ? (
          <Button variant="danger" disabled={busy} onClick={() => void remove()}>
            Delete
          </Button>
        ) : null}
      </div>

      <DeviceMaintenanceHistory key={item._id} equipmentId={item._id} />

      <h3 className="ck-subheading">Status history</h3>
      <ol className="ck-timeline status-history">
        {[...item.statusHistory, ...older.entries].map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <span className="ck-timeline__change">
              {entry.from ? (
                <>
                  <EquipmentStatusBadge status={entry.from} />
                  <span aria-label="to"> → </span>
                </>
              ) : null}
              <EquipmentStatusBadge status={entry.to} />
            </span>
            <span className="muted">
              {formatDateTime(entry.at)}
              {entry.by ? ` · ${entry.by.name}` : ''}
              {entry.reason ? ` · ${entry.reason}` : ''}
            </span>
          </li>
        ))}
      </ol>
      {older.error ? <ErrorBox>{older.error}</ErrorBox> : null}
      {item.statusHistory.length + older.entries.length < item.statusHistoryTotal ? (
        <Button
          variant="secondary"
          busy={loadingOlder}
          busyLabel="Loading..."
          onClick={() => void loadOlder()}
        >
          Show older changes
        </Button>
      ) : null}
    </>
  );
}
