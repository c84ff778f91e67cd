import { type NatsOptions, Transport } from '@nestjs/microservices';

/** Options for a service that answers requests on NATS; all replicas share `queue`. */
export function natsServerOptions(url: string, queue: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { servers: [url], queue, name: queue, maxReconnectAttempts: -1, reconnectTimeWait: 500 },
  };
}

/** Options for a NATS client (the gateway, or a service calling another). */
export function natsClientOptions(url: string, name: string): NatsOptions {
  return {
    transport: Transport.NATS,
    options: { servers: [url], name, maxReconnectAttempts: -1, reconnectTimeWait: 500 },
  };
}
