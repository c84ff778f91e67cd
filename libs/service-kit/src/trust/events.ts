import type { ClientProxy } from '@nestjs/microservices';
import type { Logger } from 'pino';
import { firstValueFrom } from 'rxjs';
import type { StatementSigner } from './statements';
import { connectDetached } from '../telemetry/nats-connection';
import { withContextHeaders } from '../telemetry/nats-headers';

/**
 * Publishes a domain event on NATS, signed by the service that owns it, after the change it
 * reports was committed. A receiver that misses one (offline, NATS restarting) still sees the
 * change at its next read, so a failed publish is logged, not retried. It carries the request id
 * and trace context of the change (the gateway's live relay forwards it inside them).
 */
export async function publishSignedEvent(
  client: ClientProxy,
  signer: StatementSigner,
  logger: Logger,
  subject: string,
  payload: unknown,
): Promise<void> {
  try {
    await connectDetached(client);
    await firstValueFrom(client.emit(subject, withContextHeaders(signer.sign(subject, payload))), {
      defaultValue: undefined,
    });
  } catch (error) {
    logger.warn({ subject, error: (error as Error).message }, 'event not published');
  }
}
