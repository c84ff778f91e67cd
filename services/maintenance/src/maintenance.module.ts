import { type DynamicModule, Module } from '@nestjs/common';
import { BUNDLED_FILE_WORKER, FILE_WORKER_THREAD, type FileWorkerThread } from '@caliber/file-kit';
import { ClientsModule } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  MetricsModule,
  natsClientOptions,
  serviceDataSourceOptions,
  serviceAuditController,
  fileStoreFromSettings,
  documentShelfProviders,
  serviceHealthController,
  serviceChannelProvider,
  serviceInboxPrefix,
  trustProviders,
} from '@caliber/service-kit';
import { DigestTasksController } from './digest/digest-tasks.controller';
import { DigestTasksService } from './digest/digest-tasks.service';
import { PmOverdueService } from './digest/pm-overdue.service';
import { SUBJECTS } from '@caliber/contracts';
import type { Logger } from 'pino';
import { TaskActivityController } from './activity/task-activity.controller';
import { TaskActivityService } from './activity/task-activity.service';
import { MAINTENANCE_CONFIG, type MaintenanceConfig } from './config';
import { maintenanceDatabase } from './database';
import { OutboxMetrics } from './outbox/outbox-metrics';
import { TaskEffectsRelay } from './outbox/task-effects.relay';
import { PmPlansController } from './plans/pm-plans.controller';
import { PmPlansService } from './plans/pm-plans.service';
import { PmScheduleJob } from './plans/pm-schedule.job';
import { ComplianceAnswers } from './compliance/compliance-answers';
import { ComplianceCounts } from './compliance/compliance-counts';
import { DeviceRiskReplica } from './compliance/device-risk.replica';
import { ListRenamesFollower, ListsCaughtUp } from './lists/list-renames.follower';
import { PmComplianceController } from './compliance/pm-compliance.controller';
import { PmComplianceService } from './compliance/pm-compliance.service';
import { EquipmentPeer, IdentityPeer } from './peers/peers.client';
import { CostReportService } from './reports/cost-report.service';
import { ReportDataController } from './reports/report-data.controller';
import { TaskDashboardController } from './dashboard/dashboard.controller';
import { TaskDashboardService } from './dashboard/dashboard.service';
import { StaffReportService } from './reports/staff-report.service';
import { TaskReportService } from './reports/task-report.service';
import { SafetyReportService } from './safety/safety-report.service';
import { SafetyTestsController } from './safety/safety-tests.controller';
import { SafetyTestsService } from './safety/safety-tests.service';
import { SafetyFileImports } from './safety/safety-file-imports';
import { FileWorkers } from './files/file-workers';
import { FaultReportsController } from './tasks/fault-reports.controller';
import { FaultReportsService } from './tasks/fault-reports.service';
import { TaskEvents } from './tasks/task-events';
import { TasksController } from './tasks/tasks.controller';
import { TasksService } from './tasks/tasks.service';
import { BUS_CLIENT, LOGGER, PEERS_CHANNEL } from './tokens';
import { TaskListCache } from './tasks/task-list.cache';

import { MaintenanceDocumentsController } from './documents/maintenance-documents.controller';
import { MaintenanceDocumentRecords } from './documents/maintenance-document-records';
import { LabourRatesController } from './costs/labour-rates.controller';
import { LabourRatesService } from './costs/labour-rates.service';
import { VendorChargesController } from './costs/vendor-charges.controller';
import { PartCostsController } from './costs/part-costs.controller';
import { VendorChargesService } from './costs/vendor-charges.service';

/** What a run of the service may change: its file worker thread (its source in tests). */
export interface MaintenanceRun {
  fileWorkerThread?: FileWorkerThread;
}

@Module({})
export class MaintenanceModule {
  static forRoot(config: MaintenanceConfig, logger: Logger, run: MaintenanceRun = {}): DynamicModule {
    return {
      module: MaintenanceModule,
      imports: [
        MetricsModule.forRoot({ service: 'maintenance', logger }),
        TypeOrmModule.forRoot(
          serviceDataSourceOptions(maintenanceDatabase(config.databaseUrl, config.poolSize)),
        ),
        ClientsModule.register([
          {
            name: BUS_CLIENT,
            ...natsClientOptions(config.nats, 'maintenance-client', serviceInboxPrefix('maintenance')),
          },
        ]),
      ],
      controllers: [
        TasksController,
        FaultReportsController,
        PmPlansController,
        PmComplianceController,
        ReportDataController,
        TaskDashboardController,
        DigestTasksController,
        SafetyTestsController,
        TaskActivityController,
        MaintenanceDocumentsController,
        LabourRatesController,
        VendorChargesController,
        PartCostsController,
        serviceHealthController('maintenance', SUBJECTS.maintenance.health),
        serviceAuditController('maintenance', {
          page: SUBJECTS.maintenance.auditPage,
          verify: SUBJECTS.maintenance.auditVerify,
        }),
      ],
      providers: [
        { provide: MAINTENANCE_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        ...trustProviders('maintenance', config.trust),
        serviceChannelProvider(PEERS_CHANNEL, BUS_CLIENT, { timeoutMs: config.natsRequestTimeoutMs, logger }),
        EquipmentPeer,
        IdentityPeer,
        TaskListCache,
        TaskEvents,
        TaskEffectsRelay,
        OutboxMetrics,
        PmPlansService,
        PmScheduleJob,
        DeviceRiskReplica,
        ComplianceCounts,
        ComplianceAnswers,
        ListRenamesFollower,
        ListsCaughtUp,
        PmComplianceService,
        TasksService,
        FaultReportsService,
        TaskReportService,
        StaffReportService,
        CostReportService,
        TaskDashboardService,
        DigestTasksService,
        PmOverdueService,
        SafetyTestsService,
        SafetyReportService,
        SafetyFileImports,
        { provide: FILE_WORKER_THREAD, useValue: run.fileWorkerThread ?? BUNDLED_FILE_WORKER },
        FileWorkers,
        TaskActivityService,
        MaintenanceDocumentRecords,
        LabourRatesService,
        VendorChargesService,
        ...documentShelfProviders('maintenance', fileStoreFromSettings(config.files)),
      ],
    };
  }
}
