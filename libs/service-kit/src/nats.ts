import type { Type } from '@nestjs/common';
import type { ClientProxy, CustomClientOptions, CustomStrategy, NatsOptions } from '@nestjs/microservices';
import { MuxedNatsClient } from './muxed-nats.client';
import { BoundedNatsServer } from './bounded-nats.server';
import type { NatsSettings } from './config';
import type { NatsMetrics } from './metrics/nats-metrics';

/** Connection options every NATS connection of ours shares: who it is, and reconnecting forever. */
export function natsConnectionOptions(settings: NatsSettings, name: string) {
  return {
    servers: settings.servers,
    name,
    ...(settings.user !== undefined ? { user: settings.user, pass: settings.pass } : {}),
    ...(settings.tls ? { tls: settings.tls } : {}),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  };
}

/**
 * A service answering requests on NATS; all replicas share `queue`. The transport turns an
 * answer that cannot be sent into an error answer (see BoundedNatsServer), and times each answer
 * in `metrics` when given.
 */
export function natsServerOptions(
  settings: NatsSettings,
  queue: string,
  metrics?: NatsMetrics,
): CustomStrategy {
  const server = new BoundedNatsServer({ ...natsConnectionOptions(settings, queue), queue });
  if (metrics) server.measureWith(metrics);
  return { strategy: server };
}

/**
 * Options for a NATS client (the gateway, or a service publishing its events or calling another
 * service). A service's requests wait for answers under its own `inboxPrefix`, the one inbox its
 * NATS user may read (`serviceInboxPrefix`).
 */
export function natsClientOptions(
  settings: NatsSettings,
  name: string,
  inboxPrefix?: string,
): CustomClientOptions {
  const options: Required<NatsOptions>['options'] = {
    ...natsConnectionOptions(settings, name),
    ...(inboxPrefix ? { inboxPrefix } : {}),
  };
  // Nest types `customClass` as a client of untyped status events; a NATS client's are NatsStatus.
  return { customClass: MuxedNatsClient as unknown as Type<ClientProxy>, options };
}
