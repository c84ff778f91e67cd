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
import {
  Button,
  ErrorBox,
  LoadingState,
  Modal,
  Notice,
  SelectField,
  TextField,
  formatDateTime,
} from '@caliber/ui-kit';
import { api, errorMessage, useCurrentUser, useLiveEvents } from '@caliber/web';
import { useCallback, useEffect, useState } from 'react';
import { DeviceMaintenanceHistory } from './DeviceMaintenanceHistory';
import { EquipmentFacts } from './EquipmentFacts';
import { EquipmentStatusBadge } from './EquipmentStatusBadge';
import { RiskAssessmentSection } from './RiskAssessmentSection';

const NO_OLDER = { entries: [], page: 1, error: null };

interface Loaded {
  id: string;
  item: EquipmentDetail | null;
  error: string | null;
}

/**
 * An item's details, its maintenance history (every task on it, for everyone) and its status
 * history, for the technician at the device. The status choices are
 * only those the person may set (the same rule the equipment service enforces): anyone may report
 * a device out of use; returning it to service, retiring and reviving it are for Engineers and
 * Admins. The change carries the version shown, so a stale dialog cannot overwrite a newer status.
 */
export function EquipmentDetailDialog({ id, onClose }: { id: string; onClose(): void }) {
  const user = useCurrentUser();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reloads, setReloads] = useState(0);
  const [status, setStatus] = useState<EquipmentStatus | ''>('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  /** Older status changes loaded on request, page by page, after the newest ones. */
  const [older, setOlder] = useState<{ entries: StatusHistoryEntry[]; page: number; error: string | null }>(
    NO_OLDER,
  );
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<EquipmentDetail>(`/equipment/${encodeURIComponent(id)}`, { signal: controller.signal })
      .then((item) => {
        setLoaded({ id, item, error: null });
        setOlder(NO_OLDER);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({ id, item: null, error: errorMessage(error, 'Failed to fetch equipment') });
      });
    return () => controller.abort();
  }, [id, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  useLiveEvents(['equipment:updated', 'equipment:statusChanged', 'equipment:deleted'], (_event, payload) => {
    const changedId =
      (payload as { equipment?: { _id: string }; _id?: string }).equipment?._id ??
      (payload as { _id?: string })._id;
    if (changedId === id) reload();
  });

  const item = loaded?.id === id ? loaded.item : null;
  const chosen = status || item?.status || '';
  const allowed = item
    ? EQUIPMENT_STATUSES.filter((value) => !statusChangeRefusal(user.role, item.status, value))
    : [];

  async function changeStatus() {
    if (!item || !chosen || chosen === item.status) return;
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
      reload();
    } catch (error) {
      setMessage({ text: errorMessage(error, 'Failed to change the status'), failed: true });
    } finally {
      setBusy(false);
    }
  }

  async function loadOlder() {
    if (!item) return;
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
    if (!item || !window.confirm(`Delete ${item.name} from the inventory?`)) return;
    setBusy(true);
    try {
      await api.delete(`/equipment/${item._id}`);
      onClose();
    } catch (error) {
      setMessage({ text: errorMessage(error, 'Failed to delete equipment'), failed: true });
      setBusy(false);
    }
  }

  return (
    <Modal title={item?.name || (loaded?.error ? 'Equipment' : 'Loading…')} open onClose={onClose}>
      {!loaded || loaded.id !== id ? <LoadingState text="Loading equipment…" /> : null}
      {loaded?.id === id && loaded.error ? <ErrorBox>{loaded.error}</ErrorBox> : null}
      {item ? (
        <>
          <div className="detail-status">
            <EquipmentStatusBadge status={item.status} />
            <span className="muted">
              Updated {formatDateTime(item.updatedAt)}
              {item.updatedBy ? ` by ${item.updatedBy.name}` : ''}
            </span>
          </div>
          <EquipmentFacts item={item} detailed />
          <RiskAssessmentSection key={item._id} item={item} onSaved={reload} />

          <h3 className="detail-heading">Change status</h3>
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

          <h3 className="detail-heading">Status history</h3>
          <ol className="status-history">
            {[...item.statusHistory, ...older.entries].map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <span className="status-history__change">
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
      ) : null}
    </Modal>
  );
}
