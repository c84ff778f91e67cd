import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  EVENT_SUBJECTS,
  type EquipmentChangedEvent,
  type EquipmentDeletedEvent,
  type EquipmentImportedEvent,
  type EquipmentStatusChangedEvent,
  type ListsChangedEvent,
} from '@caliber/contracts';
import { publishSignedEvent, StatementSigner } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { EVENTS_CLIENT, LOGGER } from '../tokens';
import { EquipmentListCache } from './equipment-list.cache';

export { EVENTS_CLIENT };

/**
 * Publishes inventory changes on NATS after they are committed, signed by the equipment service;
 * every gateway replica checks the signature and forwards them to the browsers. Each replica's kept
 * filter options are dropped on them (`EquipmentListCache`).
 */
@Injectable()
export class EquipmentEvents {
  constructor(
    @Inject(EVENTS_CLIENT) private readonly client: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly signer: StatementSigner,
    private readonly lists: EquipmentListCache,
  ) {}

  created(event: EquipmentChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.equipmentCreated, event);
  }

  updated(event: EquipmentChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.equipmentUpdated, event);
  }

  statusChanged(event: EquipmentStatusChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.equipmentStatusChanged, event);
  }

  deleted(event: EquipmentDeletedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.equipmentDeleted, event);
  }

  /** One event for an applied import, however many devices it wrote: browsers reload their lists once. */
  imported(event: EquipmentImportedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.equipmentImported, event);
  }

  listsChanged(event: ListsChangedEvent): Promise<void> {
    return this.publish(EVENT_SUBJECTS.listsChanged, event);
  }

  private publish(subject: string, payload: unknown): Promise<void> {
    // The change is committed: this replica's next list page reads it, even before the event returns.
    this.lists.changed();
    return publishSignedEvent(this.client, this.signer, this.logger, subject, payload);
  }
}
