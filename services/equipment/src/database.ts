import { AuditEntryEntity, StoredDocumentEntity, type ServiceDatabaseOptions } from '@caliber/service-kit';
import { EquipmentEntity } from './inventory/equipment.entity';
import { StatusHistoryEntity } from './inventory/status-history.entity';
import { CreateEquipmentSchema1764000000000 } from './migrations/1764000000000-create-equipment-schema';
import { CanonicalDepartments1764200000000 } from './migrations/1764200000000-canonical-departments';
import { AuditService1764400000000 } from './migrations/1764400000000-audit-service';
import { TaskEffects1764600000000 } from './migrations/1764600000000-task-effects';
import { RiskAssessment1764800000000 } from './migrations/1764800000000-risk-assessment';
import { HistoryByTime1765100000000 } from './migrations/1765100000000-history-by-time';
import { AuditAppendOnly1765360000000 } from './migrations/1765360000000-audit-append-only';
import { HospitalLists1765400000000 } from './migrations/1765400000000-hospital-lists';
import { InventoryMoveIn1765500000000 } from './migrations/1765500000000-inventory-move-in';
import { AuditChain1765800000000 } from './migrations/1765800000000-audit-chain';
import { AuditChainCheckpoint1766500000000 } from './migrations/1766500000000-audit-chain-checkpoint';
import { Recalls1765700000000 } from './migrations/1765700000000-recalls';
import { RecallReferenceOnce1766010000000 } from './migrations/1766010000000-recall-reference-once';
import { StatusSpans1766100000000 } from './migrations/1766100000000-status-spans';
import { Documents1767200000000 } from './migrations/1767200000000-documents';
import { DeviceAcquisitions1767400000000 } from './migrations/1767400000000-device-acquisitions';
import { Vendors1767500000000 } from './migrations/1767500000000-vendors';
import { ServiceContracts1767600000000 } from './migrations/1767600000000-service-contracts';
import { ContractCoverIndexes1767800000000 } from './migrations/1767800000000-contract-cover-indexes';
import { AcquisitionSupplierVendor1768000000000 } from './migrations/1768000000000-acquisition-supplier-vendor';
import { ImportRowsAcquisitionVersion1767450000000 } from './migrations/1767450000000-import-rows-acquisition-version';

export const EQUIPMENT_SCHEMA = 'equipment';
export const EQUIPMENT_ENTITIES = [
  EquipmentEntity,
  StatusHistoryEntity,
  AuditEntryEntity,
  StoredDocumentEntity,
];
/** Every migration in order; listed by hand so the bundle needs no file globbing. */
export const EQUIPMENT_MIGRATIONS = [
  CreateEquipmentSchema1764000000000,
  CanonicalDepartments1764200000000,
  AuditService1764400000000,
  TaskEffects1764600000000,
  RiskAssessment1764800000000,
  HistoryByTime1765100000000,
  AuditAppendOnly1765360000000,
  HospitalLists1765400000000,
  InventoryMoveIn1765500000000,
  AuditChain1765800000000,
  Recalls1765700000000,
  RecallReferenceOnce1766010000000,
  StatusSpans1766100000000,
  AuditChainCheckpoint1766500000000,
  Documents1767200000000,
  DeviceAcquisitions1767400000000,
  ImportRowsAcquisitionVersion1767450000000,
  Vendors1767500000000,
  ServiceContracts1767600000000,
  ContractCoverIndexes1767800000000,
  AcquisitionSupplierVendor1768000000000,
];

export function equipmentDatabase(url: string, poolSize?: number): ServiceDatabaseOptions {
  return {
    url,
    schema: EQUIPMENT_SCHEMA,
    entities: EQUIPMENT_ENTITIES,
    migrations: EQUIPMENT_MIGRATIONS,
    poolSize,
  };
}
