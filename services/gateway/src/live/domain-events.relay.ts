import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EVENT_SUBJECT_PREFIX, LIVE_EVENT_OF_SUBJECT } from '@caliber/contracts';
import { connect, type NatsConnection, type Subscription } from 'nats';
import type { Logger } from 'pino';
import { GATEWAY_CONFIG, GATEWAY_LOGGER, type GatewayConfig } from '../config';
import { LiveGateway } from './live.gateway';

type RelayedSubject = keyof typeof LIVE_EVENT_OF_SUBJECT;

/**
 * Forwards the services' domain events from NATS to the browsers under the spec's event names.
 * Every gateway replica subscribes (no queue group), so each reaches its own sockets.
 */
@Injectable()
export class DomainEventsRelay implements OnModuleInit, OnModuleDestroy {
  private connection: NatsConnection | null = null;
  private subscription: Subscription | null = null;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
    private readonly live: LiveGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    this.connection = await connect({
      servers: [this.config.natsUrl],
      name: 'gateway-live-events',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    this.subscription = this.connection.subscribe(`${EVENT_SUBJECT_PREFIX}.>`);
    void this.relay(this.subscription);
  }

  private async relay(subscription: Subscription): Promise<void> {
    for await (const message of subscription) {
      const event = LIVE_EVENT_OF_SUBJECT[message.subject as RelayedSubject];
      if (!event) continue;
      try {
        const packet = JSON.parse(new TextDecoder().decode(message.data)) as { data?: unknown };
        // Nest's NATS client wraps an emitted event as {pattern, data}.
        this.live.broadcast(
          event,
          packet && typeof packet === 'object' && 'data' in packet ? packet.data : packet,
        );
      } catch (error) {
        this.logger.warn({ subject: message.subject, error: (error as Error).message }, 'unreadable event');
      }
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.subscription?.unsubscribe();
    await this.connection?.drain().catch(() => undefined);
  }
}
