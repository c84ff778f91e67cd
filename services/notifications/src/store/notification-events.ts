import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import {
  EVENT_SUBJECTS,
  type NotificationCreatedEvent,
  type NotificationsReadEvent,
  type NotificationUserEvent,
} from '@caliber/contracts';
import { publishSignedEvent, StatementSigner } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { BUS_CLIENT, LOGGER } from '../tokens';
import type { CreatedNotification } from './notifications.repository';

/**
 * Tells a person's open tabs and devices of a new notification or a changed unread count, signed
 * by the notifying service; the gateway sends each only to that person's sockets. Published after
 * the write commits; a missed event only delays the bell until its next read.
 */
@Injectable()
export class NotificationEvents {
  constructor(
    @Inject(BUS_CLIENT) private readonly client: ClientProxy,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly signer: StatementSigner,
  ) {}

  async created(created: readonly CreatedNotification[], unread: ReadonlyMap<string, number>): Promise<void> {
    await Promise.all(
      created.map(({ userId, notification }) => {
        const event: NotificationUserEvent<NotificationCreatedEvent> = {
          userId,
          event: { notification, unread: unread.get(userId) ?? 0 },
        };
        return publishSignedEvent(
          this.client,
          this.signer,
          this.logger,
          EVENT_SUBJECTS.notificationCreated,
          event,
        );
      }),
    );
  }

  async read(userId: string, unread: number): Promise<void> {
    const event: NotificationUserEvent<NotificationsReadEvent> = { userId, event: { unread } };
    await publishSignedEvent(this.client, this.signer, this.logger, EVENT_SUBJECTS.notificationsRead, event);
  }
}
