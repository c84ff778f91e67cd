import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { EVENT_SUBJECTS, type TaskChangedEvent, type TaskDeletedEvent } from '@caliber/contracts';
import { publishSignedEvent, StatementSigner } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { BUS_CLIENT, LOGGER } from '../tokens';
import { TaskListCache } from './task-list.cache';

/**
 * Publishes task changes on NATS after they are committed, signed by maintenance. The gateway
 * forwards them to the browsers: everyone who sees all tasks, and the assignee (and a previous
 * assignee) among Technicians. Each replica's kept list counts are dropped on them (`TaskListCache`).
 */
@Injectable()
export class TaskEvents {
  constructor(
    @Inject(BUS_CLIENT) private readonly client: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly signer: StatementSigner,
    private readonly lists: TaskListCache,
  ) {}

  created(event: TaskChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.taskCreated, event);
  }
  updated(event: TaskChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.taskUpdated, event);
  }
  statusChanged(event: TaskChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.taskStatusChanged, event);
  }
  completed(event: TaskChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.taskCompleted, event);
  }
  workUpdated(event: TaskChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.taskWorkUpdated, event);
  }
  certified(event: TaskChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.taskCertified, event);
  }
  deleted(event: TaskDeletedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.taskDeleted, event);
  }

  private publish(subject: string, payload: unknown): Promise<void> {
    // The change is committed: this replica's next list counts it, even before the event returns.
    this.lists.changed();
    return publishSignedEvent(this.client, this.signer, this.logger, subject, payload);
  }
}
