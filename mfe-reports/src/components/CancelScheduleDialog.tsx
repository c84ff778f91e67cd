import type { ReportScheduleDto } from '@caliber/contracts';
import { Button, ErrorBox, Modal } from '@caliber/ui-kit';
import { api, errorMessage } from '@caliber/web';
import { useState } from 'react';
import { FORMAT_NAMES, FREQUENCY_NAMES, reportTypesLine } from '../utils/report-labels';

/**
 * 'Cancel schedule?': what stops (no more runs, no more e-mails) and what stays (the reports it
 * already made), then the cancellation itself; the server's message when it refuses.
 */
export function CancelScheduleDialog({
  schedule,
  onClose,
  onCancelled,
}: {
  schedule: ReportScheduleDto;
  onClose(): void;
  onCancelled(schedule: ReportScheduleDto): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await api.delete<{ _id: string }>(`/reports/schedules/${encodeURIComponent(schedule._id)}`);
      onCancelled(schedule);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to cancel the schedule.'));
      setBusy(false);
    }
  }

  const what = `${FREQUENCY_NAMES[schedule.frequency].toLowerCase()} ${FORMAT_NAMES[schedule.format]} report (${reportTypesLine(schedule.reports)})`;
  return (
    <Modal
      open
      title="Cancel schedule?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep schedule
          </Button>
          <Button variant="danger" onClick={() => void confirm()} busy={busy} busyLabel="Cancelling...">
            Cancel schedule
          </Button>
        </>
      }
    >
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <p className="reports-confirm">
        The {what} will no longer be made{schedule.emailTo ? ` or e-mailed to ${schedule.emailTo}` : ''}.
      </p>
      <p className="muted">The reports it already made stay in the list until their files expire.</p>
    </Modal>
  );
}
