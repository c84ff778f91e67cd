import type { LabourRate } from '@caliber/contracts';
import { Button, ErrorBox, formatDate, formatMoney, Modal } from '@caliber/ui-kit';
import { errorMessage } from '@caliber/web';
import { useWithdrawLabourRate } from '../hooks/labour-rate-queries';

/**
 * 'Withdraw rate?': which rate goes, and why that is safe (it has not started, so it priced no
 * work); the service's refusal when it has started meanwhile (409) or is gone.
 */
export function WithdrawRateDialog({
  rate,
  currency,
  onClose,
  onWithdrawn,
}: {
  rate: LabourRate;
  currency: string | null;
  onClose(): void;
  onWithdrawn(rate: LabourRate): void;
}) {
  const withdrawing = useWithdrawLabourRate();
  const busy = withdrawing.isPending;
  const error = withdrawing.isError ? errorMessage(withdrawing.error, 'Failed to withdraw the rate.') : null;
  const confirm = () => withdrawing.mutate(rate.id, { onSuccess: () => onWithdrawn(rate) });

  return (
    <Modal
      open
      title="Withdraw rate?"
      size="small"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep rate
          </Button>
          <Button variant="danger" onClick={confirm} busy={busy} busyLabel="Withdrawing...">
            Withdraw
          </Button>
        </>
      }
    >
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      <p className="users-confirm">
        The {rate.role} rate of {formatMoney(rate.hourlyRate, currency)} an hour from {formatDate(rate.from)}{' '}
        will be withdrawn.
      </p>
      <p className="muted">
        It has not started, so no work was priced by it. The audit trail keeps a record of it.
      </p>
    </Modal>
  );
}
