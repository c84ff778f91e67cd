import { Injectable } from '@nestjs/common';
import { DeliveryWorker } from '../delivery/delivery.worker';
import { NotificationMetrics } from '../metrics/notification-metrics';
import { NotificationEvents } from './notification-events';
import { NotificationsRepository, type CreatedNotification } from './notifications.repository';

/**
 * What follows notifications once their transaction has committed, whoever wrote them (the
 * activity follower, the weekly digest, the PM-overdue pass): counted, told to each person's
 * sockets with their unread count, and their e-mails and SMS looked for at once.
 */
@Injectable()
export class NotificationAnnouncer {
  constructor(
    private readonly repository: NotificationsRepository,
    private readonly events: NotificationEvents,
    private readonly deliveries: DeliveryWorker,
    private readonly metrics: NotificationMetrics,
  ) {}

  async announce(written: readonly CreatedNotification[]): Promise<void> {
    if (written.length === 0) return;
    this.metrics.created(written);
    await this.events.created(written, await this.repository.unreadOf(written.map((w) => w.userId)));
    this.deliveries.kick();
  }
}
