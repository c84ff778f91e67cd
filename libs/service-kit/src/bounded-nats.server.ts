import { Logger } from '@nestjs/common';
import type { NatsContext, ServerNats } from '@nestjs/microservices';
import { MeasuredNatsServer } from './metrics/measured-nats.server';
import type { ServiceErrorPayload } from '@caliber/contracts';

/** What the NATS client hands a handler: enough of it to answer. */
type NatsMessage = Parameters<ServerNats['getPublisher']>[0];
type Packet = Record<string, unknown>;

export const REPLY_TOO_LARGE: ServiceErrorPayload = {
  code: 'REPLY_TOO_LARGE',
  message: 'The answer is too large to send. Ask for less at a time (a smaller page).',
};

/**
 * The NATS transport of every service, with one difference from Nest's: an answer that cannot be
 * sent (larger than the server's payload limit, or refused by the client) becomes an error answer
 * to the caller instead of an unhandled error that ends the process. One over-large reply must
 * never take a service, and every request it serves, down.
 */
export class BoundedNatsServer extends MeasuredNatsServer {
  private readonly replyLogger = new Logger('BoundedNatsServer');

  override getPublisher(
    message: NatsMessage,
    id: string,
    context: NatsContext,
  ): (response: Packet) => unknown {
    const publish = super.getPublisher(message, id, context) as (response: Packet) => unknown;
    return (response: Packet) => {
      try {
        return publish(response);
      } catch (error) {
        this.replyLogger.error({
          msg: 'answer could not be sent; the caller gets an error instead',
          subject: (message as { subject?: string }).subject,
          error: error instanceof Error ? error.message : String(error),
        });
        return publish({ err: REPLY_TOO_LARGE, isDisposed: true });
      }
    };
  }
}
