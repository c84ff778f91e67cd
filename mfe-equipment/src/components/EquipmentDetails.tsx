import {
  EQUIPMENT_STATUSES,
  equipmentStatusLabel,
  hasFullAccess,
  isStaff,
  roleIs,
  statusChangeRefusal,
  type DocumentPurpose,
  type EquipmentDetail,
  type EquipmentStatus,
} from '@caliber/contracts';
import { Button, ErrorBox, SelectField, TextField, formatDateTime, useToast } from '@caliber/ui-kit';
import { DocumentsPanel } from '@caliber/ui-widgets';
import { documentRecordPath, errorMessage, useCurrentUser } from '@caliber/web';
import { useState, type ReactNode } from 'react';
import { useChangeStatus, useDeleteEquipment, useOlderStatusChanges } from '../hooks/equipment-queries';
import { DeviceMaintenanceHistory } from './DeviceMaintenanceHistory';
import { EquipmentFacts } from './EquipmentFacts';
import { EquipmentStatusBadge } from './EquipmentStatusBadge';
import { RiskAssessmentSection } from './RiskAssessmentSection';
import { UdiFacts } from './UdiFacts';

export interface EquipmentDetailsProps {
  item: EquipmentDetail;
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
 * carries the version shown, so a stale screen cannot overwrite a newer status. A change made here
 * asks the device and the inventory again (their query keys); a live event does the same for a
 * change made elsewhere.
 */
/** Technicians, Engineers and Admins add a device's documents and its model's manuals; others read them. */
function devicePurposes(role: string): DocumentPurpose[] {
  return isStaff(role) && !roleIs(role, 'Manager') ? ['report', 'certificate', 'manual', 'photo'] : [];
}

export function EquipmentDetails({ item, onDeleted, aside }: EquipmentDetailsProps) {
  const user = useCurrentUser();
  const [status, setStatus] = useState<EquipmentStatus | ''>('');
  const [reason, setReason] = useState('');
  const toast = useToast();
  const changing = useChangeStatus(item._id);
  const deleting = useDeleteEquipment(item._id);
  const older = useOlderStatusChanges(item);
  const busy = changing.isPending || deleting.isPending;
  const failure = changing.error ?? deleting.error;
  const failed = failure
    ? errorMessage(failure, changing.error ? 'Failed to change the status' : 'Failed to delete equipment')
    : null;

  const chosen = status || item.status;
  const allowed = EQUIPMENT_STATUSES.filter((value) => !statusChangeRefusal(user.role, item.status, value));

  function changeStatus() {
    if (!chosen || chosen === item.status) return;
    deleting.reset();
    changing.mutate(
      { status: chosen, reason: reason.trim() || undefined, version: item.version },
      {
        onSuccess: () => {
          toast.success(`Status changed to ${equipmentStatusLabel(chosen)}.`);
          setReason('');
          setStatus('');
        },
      },
    );
  }

  function remove() {
    if (!window.confirm(`Delete ${item.name} from the inventory?`)) return;
    changing.reset();
    deleting.mutate(undefined, { onSuccess: onDeleted });
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
      <RiskAssessmentSection key={`risk-${item._id}`} item={item} />

      <h3 className="ck-subheading">Change status</h3>
      {allowed.length <= 1 ? (
        <p className="muted">Only Engineers and Admins may change the status of this equipment.</p>
      ) : null}
      {failed ? <ErrorBox>{failed}</ErrorBox> : null}
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
          onClick={changeStatus}
          busy={busy}
          busyLabel="Saving..."
          disabled={chosen === item.status || allowed.length <= 1}
        >
          Update Status
        </Button>
        {hasFullAccess(user.role) ? (
          <Button variant="danger" disabled={busy} onClick={remove}>
            Delete
          </Button>
        ) : null}
      </div>

      <DeviceMaintenanceHistory key={`history-${item._id}`} equipmentId={item._id} />

      <h3 className="ck-subheading">Documents</h3>
      <DocumentsPanel
        key={`documents-${item._id}`}
        recordPath={documentRecordPath('equipment', item._id)}
        purposes={devicePurposes(user.role)}
        canRemove={(document) => hasFullAccess(user.role) || document.addedById === user._id}
        emptyText="No documents yet: service reports, certificates and this model's manuals show here."
        note={
          item.manufacturer && item.model
            ? `Manuals are kept for every ${item.manufacturer} ${item.model}: one added here shows on each of them.`
            : null
        }
      />

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
      {older.error ? <ErrorBox>{errorMessage(older.error, 'Failed to load older changes')}</ErrorBox> : null}
      {item.statusHistory.length + older.entries.length < item.statusHistoryTotal ? (
        <Button variant="secondary" busy={older.loading} busyLabel="Loading..." onClick={older.more}>
          Show older changes
        </Button>
      ) : null}
    </>
  );
}
