import { DELIVERY_STATE_LABELS, type DeliveryState } from '@caliber/contracts';
import { Badge, type BadgeTone } from '@caliber/ui-kit';

const TONES: Record<DeliveryState, BadgeTone> = {
  pending: 'yellow',
  sent: 'green',
  failed: 'red',
  skipped: 'grey',
};

/** Where a delivery stands: Pending (waiting or being retried), Sent, Failed (its tries ran out) or Skipped. */
export function DeliveryStateBadge({ state }: { state: DeliveryState }) {
  return <Badge tone={TONES[state]}>{DELIVERY_STATE_LABELS[state]}</Badge>;
}
