import {
  isOverdue,
  type AddedReport,
  type AuditEntryDto,
  type DeviceHistoryTask,
  type SparePart,
  type TaskDto,
  type TaskStatusHistoryEntry,
  type UserRef,
} from '@caliber/contracts';
import { hospitalToday } from '../hospital-clock';
import type { AuditEntryEntity } from '@caliber/service-kit';
import type { AddedReportEntity } from './added-report.entity';
import { deviceRefOf } from './device-snapshot';
import type { SparePartEntity } from './spare-part.entity';
import type { TaskStatusHistoryEntity } from './task-status-history.entity';
import type { TaskEntity } from './task.entity';

export const userRef = (id: string | null, name: string | null): UserRef | null =>
  id ? { _id: id, name: name ?? '' } : null;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSparePart(part: SparePartEntity): SparePart {
  return {
    name: part.name,
    quantity: part.quantity,
    description: part.description,
    unitCost: part.unitCost,
    supplierId: part.supplierId,
    supplierName: part.supplierName,
  };
}

export function toTaskDto(
  task: TaskEntity,
  parts: readonly SparePartEntity[],
  today = hospitalToday(),
): TaskDto {
  return {
    _id: task.id,
    title: task.title,
    description: task.description,
    taskType: task.taskType,
    pmType: task.pmType,
    pmInterval: task.pmInterval,
    priority: task.priority,
    assignedTo: userRef(task.assignedToId, task.assignedToName),
    equipment: deviceRefOf(task),
    dueDate: task.dueDate,
    status: task.status,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    createdBy: userRef(task.createdById, task.createdByName),
    updatedBy: userRef(task.updatedById, task.updatedByName),
    completedDate: iso(task.completedDate),
    needsCertification: task.needsCertification,
    certified: task.certified,
    certificationEngineer: task.certified ? task.certifiedByName : null,
    certifiedBy: userRef(task.certifiedById, task.certifiedByName),
    certifiedAt: iso(task.certifiedAt),
    faultDescription: task.faultDescription,
    repairDetails: task.repairDetails,
    comments: task.comments,
    spareParts: parts.map(toSparePart),
    labourHours: task.labourHours,
    location: task.location,
    reportedBy: userRef(task.reportedById, task.reportedByName),
    severity: task.severity,
    plan: task.planId ? { _id: task.planId, occurrence: task.planOccurrence ?? 0 } : null,
    overdue: isOverdue(task, today),
    version: task.version,
  };
}

/** A task as a line of its device's maintenance history: no notes, hours or costs. */
export function toDeviceHistoryTask(task: TaskEntity, parts: readonly SparePartEntity[]): DeviceHistoryTask {
  return {
    _id: task.id,
    title: task.title,
    taskType: task.taskType,
    pmType: task.pmType,
    status: task.status,
    priority: task.priority,
    dueDate: task.dueDate,
    createdAt: task.createdAt.toISOString(),
    completedDate: iso(task.completedDate),
    assignedTo: userRef(task.assignedToId, task.assignedToName),
    reportedBy: userRef(task.reportedById, task.reportedByName),
    faultDescription: task.faultDescription,
    repairDetails: task.repairDetails,
    spareParts: parts.map((part) => ({
      name: part.name,
      quantity: part.quantity,
      description: part.description,
    })),
    certified: task.certified,
    certificationEngineer: task.certified ? task.certifiedByName : null,
    certifiedAt: iso(task.certifiedAt),
  };
}

export function toTaskStatusEntry(row: TaskStatusHistoryEntity): TaskStatusHistoryEntry {
  return {
    from: row.fromStatus,
    to: row.toStatus,
    at: row.changedAt.toISOString(),
    by: userRef(row.changedById, row.changedByName),
  };
}

export function toAuditEntry(row: AuditEntryEntity): AuditEntryDto {
  return { at: row.at.toISOString(), action: row.action, by: row.actorLabel, changes: row.changes };
}

export function toAddedReport(row: AddedReportEntity): AddedReport {
  return {
    _id: row.id,
    taskId: row.taskId,
    text: row.text,
    reportedBy: userRef(row.reportedById, row.reportedByName),
    at: row.createdAt.toISOString(),
  };
}
