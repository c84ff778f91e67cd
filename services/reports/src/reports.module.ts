import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { ClientsModule } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SUBJECTS } from '@caliber/contracts';
import {
  MetricsModule,
  natsClientOptions,
  serviceDataSourceOptions,
  serviceAuditController,
  serviceHealthController,
  serviceChannelProvider,
  serviceInboxPrefix,
  trustProviders,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { REPORTS_CONFIG, type ReportsConfig } from './config';
import { CostOfServiceFiguresRepository } from './cost-of-service/cost-of-service-figures.repository';
import { DashboardCostOfServiceController } from './cost-of-service/dashboard-cost-of-service.controller';
import { DashboardCostOfServiceService } from './cost-of-service/dashboard-cost-of-service.service';
import { reportsDatabase } from './database';
import { ReportEvents } from './jobs/report-events';
import { ReportJobsRepository } from './jobs/report-jobs.repository';
import { ReportQueue } from './jobs/report-queue';
import { ReportsController } from './jobs/reports.controller';
import { ReportsService } from './jobs/reports.service';
import { RosterClient } from './roster/roster.client';
import { ReportSchedulesRepository } from './schedules/report-schedules.repository';
import { BUS_CLIENT, LOGGER, PEERS_CHANNEL } from './tokens';
import { ReportDataClient } from './data/report-data.client';
import { ReportLists } from './data/report-lists';

/**
 * What the API process and the workers share: configuration, database, queue, bus, events, and
 * the calls to the other services as the reports service (the roster's word on a requester, the
 * hospital lists a request's filters are read against).
 */
export function reportsCommon(config: ReportsConfig, logger: Logger, clientName: string) {
  const providers: Provider[] = [
    { provide: REPORTS_CONFIG, useValue: config },
    { provide: LOGGER, useValue: logger },
    ...trustProviders('reports', config.trust),
    ReportJobsRepository,
    ReportSchedulesRepository,
    ReportQueue,
    ReportEvents,
    serviceChannelProvider(PEERS_CHANNEL, BUS_CLIENT, { timeoutMs: config.natsRequestTimeoutMs, logger }),
    ReportDataClient,
    ReportLists,
    RosterClient,
    CostOfServiceFiguresRepository,
  ];
  return {
    imports: [
      TypeOrmModule.forRoot(serviceDataSourceOptions(reportsDatabase(config.databaseUrl, config.poolSize))),
      ClientsModule.register([
        { name: BUS_CLIENT, ...natsClientOptions(config.nats, clientName, serviceInboxPrefix('reports')) },
      ]),
    ],
    providers,
  };
}

/** The reports API: asking for reports, following them, reading their files, schedules. */
@Module({})
export class ReportsModule {
  static forRoot(config: ReportsConfig, logger: Logger): DynamicModule {
    const common = reportsCommon(config, logger, 'reports-client');
    return {
      module: ReportsModule,
      imports: [...common.imports, MetricsModule.forRoot({ service: 'reports', logger })],
      controllers: [
        ReportsController,
        DashboardCostOfServiceController,
        serviceHealthController('reports', SUBJECTS.reports.health),
        serviceAuditController('reports', {
          page: SUBJECTS.reports.auditPage,
          verify: SUBJECTS.reports.auditVerify,
        }),
      ],
      providers: [...common.providers, ReportsService, DashboardCostOfServiceService],
    };
  }
}
