import type { EquipmentDto, RiskAssessmentDto, StatusHistoryEntry, UserRef } from '@caliber/contracts';
import type { EquipmentEntity } from './equipment.entity';
import type { StatusHistoryEntity } from './status-history.entity';

const userRef = (id: string | null, name: string | null): UserRef | null =>
  id ? { _id: id, name: name ?? '' } : null;

export function toEquipmentDto(item: EquipmentEntity): EquipmentDto {
  return {
    _id: item.id,
    name: item.name,
    manufacturer: item.manufacturer,
    model: item.model,
    serialNumber: item.serialNumber,
    department: item.department,
    location: item.location,
    installationDate: item.installationDate,
    warrantyExpiry: item.warrantyExpiry,
    status: item.status,
    category: item.category,
    udi: item.udi,
    gtin: item.gtin,
    lotNumber: item.lotNumber,
    expiryDate: item.expiryDate,
    manufactureDate: item.manufactureDate,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    createdBy: userRef(item.createdById, item.createdByName),
    updatedBy: userRef(item.updatedById, item.updatedByName),
    version: item.version,
    risk: toRiskAssessment(item),
    openRecallActions: item.openRecallActions,
  };
}

/** The stored assessment, or null while the item has none (its columns are null together). */
export function toRiskAssessment(item: EquipmentEntity): RiskAssessmentDto | null {
  const { riskFunction, riskPhysical, riskMaintenance, riskIncidents, riskTotal, riskClass, assessedAt } =
    item;
  if (
    riskFunction === null ||
    riskPhysical === null ||
    riskMaintenance === null ||
    riskIncidents === null ||
    riskTotal === null ||
    riskClass === null ||
    assessedAt === null
  )
    return null;
  return {
    function: riskFunction,
    physicalRisk: riskPhysical,
    maintenance: riskMaintenance,
    incidentHistory: riskIncidents,
    total: riskTotal,
    riskClass,
    highRisk: item.highRisk,
    lifeSupport: item.lifeSupport,
    inPmProgram: item.inPmProgram,
    assessedAt: assessedAt.toISOString(),
    assessedBy: userRef(item.assessedById, item.assessedByName),
  };
}

export function toStatusHistoryEntry(row: StatusHistoryEntity): StatusHistoryEntry {
  return {
    from: row.fromStatus,
    to: row.toStatus,
    at: row.changedAt.toISOString(),
    by: userRef(row.changedById, row.changedByName),
    reason: row.reason,
    taskId: row.taskId,
  };
}
