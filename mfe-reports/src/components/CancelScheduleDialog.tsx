import type { ReportScheduleDto } from '@caliber/contracts';
import { Button, ErrorBox, Modal } from '@caliber/ui-kit';
import { errorMessage } from '@caliber/web';
import { useCancelSchedule } from '../hooks/use-report-schedules';
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
  const cancelling = useCancelSchedule();
  const busy = cancelling.isPending;
  const error = cancelling.isError ? errorMessage(cancelling.error, 'Failed to cancel the schedule.') : null;
  const confirm = () => cancelling.mutate(schedule._id, { onSuccess: () => onCancelled(schedule) });

  const what = `${FREQUENCY_NAMES[schedule.frequency].toLowerCase()} ${FORMAT_NAMES[schedule.format]} report (${reportTypesLine(schedule.reports)})`;
  return (
    <Modal
      open
      title="Cancel schedule?"
      size="small"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep schedule
          </Button>
          <Button variant="danger" onClick={confirm} busy={busy} busyLabel="Cancelling...">
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
