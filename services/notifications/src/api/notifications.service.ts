import { Inject, Injectable } from '@nestjs/common';
import {
  SUBJECTS,
  type Actor,
  type DeliveryRecordPage,
  type ListDeliveriesQuery,
  type ListNotificationsQuery,
  type NotificationPage,
  type NotificationTopic,
  type NotificationUnread,
  type TurnOffNotificationsCommand,
  type UnsubscribeAnswer,
  type UnsubscribeRequest,
  UNSUBSCRIBE_LINK_INVALID,
} from '@caliber/contracts';
import { DomainServiceClient, ServiceError, type ServiceChannel } from '@caliber/service-kit';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../config';
import { readUnsubscribeToken } from '../delivery/unsubscribe-token';
import { DeliveriesRepository } from '../store/deliveries.repository';
import { NotificationEvents } from '../store/notification-events';
import { NotificationsRepository } from '../store/notifications.repository';
import { PEERS_CHANNEL } from '../tokens';

const TURNED_OFF: Record<NotificationTopic, string> = {
  taskUpdates: 'Task updates are turned off.',
  inventory: 'Inventory changes are turned off.',
  weeklyDigest: 'The weekly digest is turned off.',
};

/** Identity, for the one change of a toggle this service makes: an e-mail's one-click link. */
@Injectable()
export class TogglesClient extends DomainServiceClient {
  constructor(@Inject(PEERS_CHANNEL) channel: ServiceChannel) {
    super(channel, 'staff roster service');
  }

  turnOff(command: TurnOffNotificationsCommand): Promise<{ ok: true }> {
    return this.request(SUBJECTS.identity.turnOffNotifications, command);
  }
}

@Injectable()
export class NotificationsService {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly repository: NotificationsRepository,
    private readonly deliveryRecord: DeliveriesRepository,
    private readonly events: NotificationEvents,
    private readonly toggles: TogglesClient,
  ) {}

  list(actor: Actor, query: ListNotificationsQuery): Promise<NotificationPage> {
    return this.repository.list(actor._id, query);
  }

  async markRead(actor: Actor, id: string): Promise<NotificationUnread> {
    const unread = await this.repository.markRead(actor._id, id);
    await this.events.read(actor._id, unread);
    return { unread };
  }

  async markAllRead(actor: Actor): Promise<NotificationUnread> {
    const unread = await this.repository.markAllRead(actor._id);
    await this.events.read(actor._id, unread);
    return { unread };
  }

  deliveries(query: ListDeliveriesQuery): Promise<DeliveryRecordPage> {
    return this.deliveryRecord.page(query);
  }

  /**
   * Turns off the topic an e-mail's link names, for the person it was sent to. The link carries
   * no session: the token, signed by this service, is the whole proof, and all it can do is stop
   * one kind of e-mail (the person turns it on again in Settings).
   */
  async unsubscribe(request: UnsubscribeRequest): Promise<UnsubscribeAnswer> {
    const claim = readUnsubscribeToken(this.config.trust.signingKey, request.token);
    if (!claim) throw new ServiceError('VALIDATION_FAILED', UNSUBSCRIBE_LINK_INVALID);
    await this.toggles.turnOff(claim);
    return {
      topic: claim.topic,
      message: `${TURNED_OFF[claim.topic]} You can turn it on again in Settings.`,
    };
  }
}
