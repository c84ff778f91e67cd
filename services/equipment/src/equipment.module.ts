import { type DynamicModule, Module } from '@nestjs/common';
import { BUNDLED_FILE_WORKER, FILE_WORKER_THREAD, type FileWorkerThread } from '@caliber/file-kit';
import { ClientsModule } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  MetricsModule,
  natsClientOptions,
  serviceDataSourceOptions,
  serviceAuditController,
  serviceHealthController,
  serviceChannelProvider,
  serviceInboxPrefix,
  trustProviders,
  fileStoreFromSettings,
  documentShelfProviders,
} from '@caliber/service-kit';
import { EquipmentDocumentsController } from './documents/equipment-documents.controller';
import { EquipmentDocumentRecords } from './documents/equipment-document-records';
import { DigestDepartmentController } from './digest/digest-department.controller';
import { DigestDepartmentService } from './digest/digest-department.service';
import { SUBJECTS } from '@caliber/contracts';
import type { Logger } from 'pino';
import { InventoryActivityController } from './activity/inventory-activity.controller';
import { InventoryActivityService } from './activity/inventory-activity.service';
import { EQUIPMENT_CONFIG, type EquipmentConfig } from './config';
import { equipmentDatabase } from './database';
import { EquipmentController } from './inventory/equipment.controller';
import { EquipmentEvents, EVENTS_CLIENT } from './inventory/equipment-events';
import { EquipmentListCache } from './inventory/equipment-list.cache';
import { EquipmentService } from './inventory/equipment.service';
import { TaskEffectsController } from './task-effects/task-effects.controller';
import { TaskEffectsService } from './task-effects/task-effects.service';
import { MaintenancePeer } from './peers/peers.client';
import { AcquisitionController } from './acquisition/acquisition.controller';
import { AcquisitionFiguresReader } from './acquisition/acquisition-figures';
import { AcquisitionService } from './acquisition/acquisition.service';
import { VendorsController } from './vendors/vendors.controller';
import { VendorsService } from './vendors/vendors.service';
import { ServiceContractsController } from './service-contracts/service-contracts.controller';
import { ServiceContractsService } from './service-contracts/service-contracts.service';
import { PmCoverageReplica } from './risk/pm-coverage.replica';
import { RiskController } from './risk/risk.controller';
import { RiskService } from './risk/risk.service';
import { DowntimeReportService } from './reports/downtime-report.service';
import { InventoryReportService } from './reports/inventory-report.service';
import { OwnershipReportService } from './reports/ownership-report.service';
import { ReportDataController } from './reports/report-data.controller';
import { EquipmentDashboardController } from './dashboard/dashboard.controller';
import { EquipmentDashboardService } from './dashboard/dashboard.service';
import { LOGGER, PEERS_CHANNEL, PEERS_CLIENT } from './tokens';
import { ListsController } from './lists/lists.controller';
import { ListsRepository } from './lists/lists.repository';
import { ListsService } from './lists/lists.service';
import { ImportBatchesRepository } from './imports/import-batches.repository';
import { InventoryImportController } from './imports/inventory-import.controller';
import { InventoryImportService } from './imports/inventory-import.service';
import { RecallsController } from './recalls/recalls.controller';
import { FileWorkers } from './files/file-workers';
import { InventoryFileExports } from './inventory-files/inventory-file-exports';
import { InventoryFileImports } from './inventory-files/inventory-file-imports';
import { InventoryFilesController } from './inventory-files/inventory-files.controller';
import { AssetLabelSheets } from './labels/asset-label-sheets';
import { AssetLabelsController } from './labels/asset-labels.controller';
import { RecallsService } from './recalls/recalls.service';

/** What a run of the service may change: its file worker thread (its source in tests). */
export interface EquipmentRun {
  fileWorkerThread?: FileWorkerThread;
}

@Module({})
export class EquipmentModule {
  static forRoot(config: EquipmentConfig, logger: Logger, run: EquipmentRun = {}): DynamicModule {
    return {
      module: EquipmentModule,
      imports: [
        MetricsModule.forRoot({ service: 'equipment', logger }),
        TypeOrmModule.forRoot(
          serviceDataSourceOptions(equipmentDatabase(config.databaseUrl, config.poolSize)),
        ),
        ClientsModule.register([
          { name: EVENTS_CLIENT, ...natsClientOptions(config.nats, 'equipment-events') },
          {
            name: PEERS_CLIENT,
            ...natsClientOptions(config.nats, 'equipment-client', serviceInboxPrefix('equipment')),
          },
        ]),
      ],
      controllers: [
        EquipmentController,
        TaskEffectsController,
        RiskController,
        InventoryActivityController,
        ReportDataController,
        EquipmentDashboardController,
        DigestDepartmentController,
        ListsController,
        InventoryImportController,
        InventoryFilesController,
        AssetLabelsController,
        RecallsController,
        EquipmentDocumentsController,
        AcquisitionController,
        VendorsController,
        ServiceContractsController,
        serviceHealthController('equipment', SUBJECTS.equipment.health),
        serviceAuditController('equipment', {
          page: SUBJECTS.equipment.auditPage,
          verify: SUBJECTS.equipment.auditVerify,
        }),
      ],
      providers: [
        { provide: EQUIPMENT_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
        ...trustProviders('equipment', config.trust),
        serviceChannelProvider(PEERS_CHANNEL, PEERS_CLIENT, {
          timeoutMs: config.natsRequestTimeoutMs,
          logger,
        }),
        MaintenancePeer,
        PmCoverageReplica,
        EquipmentListCache,
        EquipmentEvents,
        EquipmentService,
        RiskService,
        AcquisitionService,
        VendorsService,
        ServiceContractsService,
        AcquisitionFiguresReader,
        InventoryActivityService,
        TaskEffectsService,
        InventoryReportService,
        OwnershipReportService,
        DowntimeReportService,
        EquipmentDashboardService,
        DigestDepartmentService,
        ListsRepository,
        ListsService,
        ImportBatchesRepository,
        InventoryImportService,
        { provide: FILE_WORKER_THREAD, useValue: run.fileWorkerThread ?? BUNDLED_FILE_WORKER },
        FileWorkers,
        InventoryFileImports,
        InventoryFileExports,
        AssetLabelSheets,
        RecallsService,
        EquipmentDocumentRecords,
        ...documentShelfProviders('equipment', fileStoreFromSettings(config.files)),
      ],
    };
  }
}
