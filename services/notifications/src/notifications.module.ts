import { type DynamicModule, Module } from '@nestjs/common';
import { ClientsModule } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SUBJECTS } from '@caliber/contracts';
import {
  createSmsSender,
  Mailer,
  MetricsModule,
  natsClientOptions,
  serviceAuditController,
  serviceChannelProvider,
  serviceDataSourceOptions,
  serviceHealthController,
  serviceInboxPrefix,
  SmsSender,
  trustProviders,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { NotificationsController } from './api/notifications.controller';
import { NotificationsService, TogglesClient } from './api/notifications.service';
import { OnCallController } from './api/on-call.controller';
import { DepartmentsClient, OnCallService } from './api/on-call.service';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './config';
import { notificationsDatabase } from './database';
import { DeliveryWorker } from './delivery/delivery.worker';
import { PmOverdueScheduler } from './daily/pm-overdue.scheduler';
import { ContractRenewalScheduler } from './daily/contract-renewal.scheduler';
import { DigestScheduler } from './digest/digest.scheduler';
import { ActivityFollower } from './feeds/activity.follower';
import { PeersClient } from './feeds/peers.client';
import { NotificationMetrics } from './metrics/notification-metrics';
import { DeliveriesRepository } from './store/deliveries.repository';
import { NotificationAnnouncer } from './store/notification-announcer';
import { NotificationEvents } from './store/notification-events';
import { NotificationsRepository } from './store/notifications.repository';
import { OnCallRepository } from './store/on-call.repository';
import { BUS_CLIENT, LOGGER, PEERS_CHANNEL } from './tokens';

/**
 * The notifying service: follows the activity of tasks, safety tests and the inventory, writes
 * each person's notifications, sends their e-mails and urgent pages, and answers the bell.
 */
@Module({})
export class NotificationsModule {
  static forRoot(config: NotificationsConfig, logger: Logger): DynamicModule {
    return {
      module: NotificationsModule,
      imports: [
        TypeOrmModule.forRoot(
          serviceDataSourceOptions(notificationsDatabase(config.databaseUrl, config.poolSize)),
        ),
        ClientsModule.register([
          {
            name: BUS_CLIENT,
            ...natsClientOptions(config.nats, 'notifications-client', serviceInboxPrefix('notifications')),
          },
        ]),
        MetricsModule.forRoot({ service: 'notifications', logger }),
      ],
      controllers: [
        NotificationsController,
        OnCallController,
        serviceHealthController('notifications', SUBJECTS.notifications.health),
        serviceAuditController('notifications', {
          page: SUBJECTS.notifications.auditPage,
          verify: SUBJECTS.notifications.auditVerify,
        }),
      ],
      providers: [
        { provide: NOTIFICATIONS_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        ...trustProviders('notifications', config.trust),
        serviceChannelProvider(PEERS_CHANNEL, BUS_CLIENT, { timeoutMs: config.natsRequestTimeoutMs, logger }),
        { provide: Mailer, useValue: new Mailer(config.mail, logger.child({ component: 'mail' })) },
        { provide: SmsSender, useValue: createSmsSender(config, logger) },
        PeersClient,
        TogglesClient,
        NotificationsRepository,
        DeliveriesRepository,
        NotificationEvents,
        NotificationAnnouncer,
        NotificationMetrics,
        DeliveryWorker,
        ActivityFollower,
        DigestScheduler,
        PmOverdueScheduler,
        ContractRenewalScheduler,
        NotificationsService,
        OnCallRepository,
        DepartmentsClient,
        OnCallService,
      ],
    };
  }
}
