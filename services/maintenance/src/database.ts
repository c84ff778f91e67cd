import { AuditEntryEntity, StoredDocumentEntity, type ServiceDatabaseOptions } from '@caliber/service-kit';
import { CreateMaintenanceSchema1764600000000 } from './migrations/1764600000000-create-maintenance-schema';
import { TaskCounts1764700000000 } from './migrations/1764700000000-task-counts';
import { PmPlans1764800000000 } from './migrations/1764800000000-pm-plans';
import { PmProgram1764900000000 } from './migrations/1764900000000-pm-program';
import { DashboardIndexes1765100000000 } from './migrations/1765100000000-dashboard-indexes';
import { ReporterIndex1765240000000 } from './migrations/1765240000000-reporter-index';
import { AuditAppendOnly1765360000000 } from './migrations/1765360000000-audit-append-only';
import { ListNames1765400000000 } from './migrations/1765400000000-list-names';
import { SafetyTests1765600000000 } from './migrations/1765600000000-safety-tests';
import { AuditChain1765800000000 } from './migrations/1765800000000-audit-chain';
import { AuditChainCheckpoint1766500000000 } from './migrations/1766500000000-audit-chain-checkpoint';
import { OutboxTraceContext1765900000000 } from './migrations/1765900000000-outbox-trace-context';
import { PmComplianceCounts1766200000000 } from './migrations/1766200000000-pm-compliance-counts';
import { AddedReports1766700000000 } from './migrations/1766700000000-added-reports';
import { Documents1767200000000 } from './migrations/1767200000000-documents';
import { LabourRates1767300000000 } from './migrations/1767300000000-labour-rates';
import { TaskLabourRole1767400000000 } from './migrations/1767400000000-task-labour-role';
import { TaskVendorCharges1767700000000 } from './migrations/1767700000000-task-vendor-charges';
import { SparePartSuppliers1768000000000 } from './migrations/1768000000000-spare-part-suppliers';
import { PmPlanEntity } from './plans/pm-plan.entity';
import { SafetyTestEntity } from './safety/safety-test.entity';
import { AddedReportEntity } from './tasks/added-report.entity';
import { SparePartEntity } from './tasks/spare-part.entity';
import { TaskStatusHistoryEntity } from './tasks/task-status-history.entity';
import { TaskEntity } from './tasks/task.entity';

export const MAINTENANCE_SCHEMA = 'maintenance';
export const MAINTENANCE_ENTITIES = [
  StoredDocumentEntity,
  TaskEntity,
  SparePartEntity,
  TaskStatusHistoryEntity,
  AddedReportEntity,
  PmPlanEntity,
  SafetyTestEntity,
  AuditEntryEntity,
];
/** Every migration in order; listed by hand so the bundle needs no file globbing. */
export const MAINTENANCE_MIGRATIONS = [
  CreateMaintenanceSchema1764600000000,
  TaskCounts1764700000000,
  PmPlans1764800000000,
  PmProgram1764900000000,
  DashboardIndexes1765100000000,
  ReporterIndex1765240000000,
  AuditAppendOnly1765360000000,
  ListNames1765400000000,
  SafetyTests1765600000000,
  AuditChain1765800000000,
  OutboxTraceContext1765900000000,
  PmComplianceCounts1766200000000,
  AuditChainCheckpoint1766500000000,
  AddedReports1766700000000,
  Documents1767200000000,
  LabourRates1767300000000,
  TaskLabourRole1767400000000,
  TaskVendorCharges1767700000000,
  SparePartSuppliers1768000000000,
];

export function maintenanceDatabase(url: string, poolSize?: number): ServiceDatabaseOptions {
  return {
    url,
    schema: MAINTENANCE_SCHEMA,
    entities: MAINTENANCE_ENTITIES,
    migrations: MAINTENANCE_MIGRATIONS,
    poolSize,
  };
}
