import { type DynamicModule, Module } from '@nestjs/common';
import { SUBJECTS } from '@caliber/contracts';
import { Mailer, MetricsModule, serviceHealthController } from '@caliber/service-kit';
import type { Logger } from 'pino';
import type { ReportsConfig } from './config';
import { CostOfServiceFigureWriter } from './cost-of-service/cost-of-service-figure.writer';
import { ReportWorker } from './jobs/report-worker';
import { ReportMetrics } from './jobs/report-metrics';
import { ReportWriter } from './jobs/report-writer';
import { reportsCommon } from './reports.module';

/**
 * A report worker process: the queue's consumer, the report builders and writers, the mailer,
 * and a probe port. It serves no NATS subject; it asks the other services as the reports service.
 */
@Module({})
export class ReportsWorkerModule {
  static forRoot(config: ReportsConfig, logger: Logger): DynamicModule {
    const common = reportsCommon(config, logger, 'reports-worker');
    return {
      module: ReportsWorkerModule,
      imports: [...common.imports, MetricsModule.forRoot({ service: 'reports-worker', logger })],
      controllers: [serviceHealthController('reports-worker', SUBJECTS.reports.health)],
      providers: [
        ...common.providers,
        { provide: Mailer, useValue: new Mailer(config.mail, logger.child({ component: 'mail' })) },
        ReportMetrics,
        ReportWriter,
        CostOfServiceFigureWriter,
        ReportWorker,
      ],
    };
  }
}
