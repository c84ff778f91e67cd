import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EVENT_SUBJECT_PREFIX, LIVE_EVENT_OF_SUBJECT } from '@caliber/contracts';
import { ClientProxy } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { GATEWAY_LOGGER } from '../config';
import { SERVICES_CLIENT } from '../identity/service-client';
import { LiveGateway } from './live.gateway';

type RelayedSubject = keyof typeof LIVE_EVENT_OF_SUBJECT;

/**
 * Forwards the services' domain events from NATS to the browsers under the screens' event names.
 * Every gateway replica subscribes (no queue group), so each reaches its own sockets. It listens
 * on the connection the gateway already has to the services.
 */
@Injectable()
export class DomainEventsRelay implements OnModuleInit, OnModuleDestroy {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(SERVICES_CLIENT) private readonly client: ClientProxy,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
    private readonly live: LiveGateway,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.client.connect();
    this.subscription = this.client.unwrap<NatsConnection>().subscribe(`${EVENT_SUBJECT_PREFIX}.>`);
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

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }
}
