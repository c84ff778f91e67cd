import type { EquipmentDto, StatusHistoryEntry, UserRef } from '@caliber/contracts';
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
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    createdBy: userRef(item.createdById, item.createdByName),
    updatedBy: userRef(item.updatedById, item.updatedByName),
    version: item.version,
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
