import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { OwnEventsCache, StatementVerifier } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { BUS_CLIENT, LOGGER } from '../tokens';

/**
 * The task list's counts by status that triggers keep (everyone's, or one person's), kept between
 * requests on each replica and dropped on every task change: this replica's own before it
 * announces it, and any replica's when its event arrives (see `OwnEventsCache`).
 */
@Injectable()
export class TaskListCache extends OwnEventsCache implements OnModuleInit, OnModuleDestroy {
  constructor(
    @Inject(BUS_CLIENT) private readonly client: ClientProxy,
    private readonly verifier: StatementVerifier,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  onModuleInit(): Promise<void> {
    return this.follow(this.client, this.verifier, 'maintenance', this.logger);
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
