import { type CustomStrategy, type NatsOptions, Transport } from '@nestjs/microservices';
import { BoundedNatsServer } from './bounded-nats.server';

/**
 * A service answering requests on NATS; all replicas share `queue`. The transport turns an
 * answer that cannot be sent into an error answer (see BoundedNatsServer).
 */
export function natsServerOptions(url: string, queue: string): CustomStrategy {
  return {
    strategy: new BoundedNatsServer({
      servers: [url],
      queue,
      name: queue,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    }),
  };
}

/** Options for a NATS client (the gateway, or a service calling another). */
export function natsClientOptions(url: string, name: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { servers: [url], name, maxReconnectAttempts: -1, reconnectTimeWait: 500 },
  };
}
