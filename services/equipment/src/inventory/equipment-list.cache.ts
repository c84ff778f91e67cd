import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { OwnEventsCache, StatementVerifier } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { EVENTS_CLIENT, LOGGER } from '../tokens';

/**
 * The inventory page's filter options (the departments, statuses and categories present), kept
 * between requests on each replica and dropped on every inventory or list change: this replica's
 * own before it announces it, and any replica's when its event arrives (see `OwnEventsCache`).
 */
@Injectable()
export class EquipmentListCache extends OwnEventsCache implements OnModuleInit, OnModuleDestroy {
  constructor(
    @Inject(EVENTS_CLIENT) private readonly client: ClientProxy,
    private readonly verifier: StatementVerifier,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  onModuleInit(): Promise<void> {
    return this.follow(this.client, this.verifier, 'equipment', this.logger);
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
