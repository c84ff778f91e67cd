import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  EVENT_SUBJECTS,
  type EquipmentChangedEvent,
  type EquipmentDeletedEvent,
  type EquipmentStatusChangedEvent,
} from '@caliber/contracts';
import type { Logger } from 'pino';
import { firstValueFrom } from 'rxjs';
import { LOGGER } from '../tokens';

export const EVENTS_CLIENT = 'EVENTS_CLIENT';

/**
 * Publishes inventory changes on NATS after they are committed; every gateway replica forwards
 * them to the browsers. A browser that misses one (offline, NATS restarting) still sees the change
 * at its next list load, so a failed publish is logged, not retried.
 */
@Injectable()
export class EquipmentEvents {
  constructor(
    @Inject(EVENTS_CLIENT) private readonly client: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
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

  private async publish(subject: string, payload: unknown): Promise<void> {
    try {
      await firstValueFrom(this.client.emit(subject, payload), { defaultValue: undefined });
    } catch (error) {
      this.logger.warn({ subject, error: (error as Error).message }, 'event not published');
    }
  }
}
