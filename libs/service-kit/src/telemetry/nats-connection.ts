import type { ClientProxy } from '@nestjs/microservices';
import { detached } from './propagation';

/**
 * Connects a NATS client outside the work in progress. Nest's client connects on its first
 * message and starts its connection-status loop then: begun inside a request, that loop would
 * keep the request's id and trace for the life of the process, and every later "disconnected" or
 * "reconnected" log line would name a request it has nothing to do with. Once connected, it
 * answers at once with the same connection.
 */
export function connectDetached(client: Pick<ClientProxy, 'connect'>): Promise<unknown> {
  return detached(() => client.connect());
}
