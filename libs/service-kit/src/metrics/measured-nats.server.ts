import { ServerNats, type NatsContext } from '@nestjs/microservices';
import { outcomeOfError, type NatsMetrics } from './nats-metrics';

type NatsMessage = Parameters<ServerNats['getPublisher']>[0];
type Packet = Record<string, unknown>;

/** The label of a subject nobody handles here (never a raw subject: the label set stays bounded). */
export const UNHANDLED_SUBJECT = 'unhandled';

/**
 * Nest's NATS server, timing each request it answers: from the moment the request is read to its
 * first answer packet, under its subject and outcome (`caliber_nats_server_request_duration_seconds`).
 * An answer that cannot be sent counts as an error. Until `measureWith` is called it measures
 * nothing (a process without metrics).
 */
export class MeasuredNatsServer extends ServerNats {
  private metrics: NatsMetrics | undefined;

  measureWith(metrics: NatsMetrics): void {
    this.metrics = metrics;
  }

  override getPublisher(
    message: NatsMessage,
    id: string,
    context: NatsContext,
  ): (response: Packet) => unknown {
    const publish = super.getPublisher(message, id, context) as (response: Packet) => unknown;
    const histogram = this.metrics?.server;
    if (!histogram) return publish;
    const subject = (message as { subject?: string }).subject ?? '';
    const end = histogram.startTimer({
      subject: this.messageHandlers.has(subject) ? subject : UNHANDLED_SUBJECT,
    });
    let measured = false;
    const measure = (outcome: ReturnType<typeof outcomeOfError> | 'ok') => {
      if (measured) return;
      measured = true;
      end({ outcome });
    };
    return (response: Packet) => {
      try {
        const sent = publish(response);
        measure('err' in response && response['err'] !== undefined ? outcomeOfError(response['err']) : 'ok');
        return sent;
      } catch (error) {
        measure('error');
        throw error;
      }
    };
  }
}
