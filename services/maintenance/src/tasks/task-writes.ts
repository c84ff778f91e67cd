import type { Actor, TaskStatus } from '@caliber/contracts';
import { auditActorOf, diffFields, writeAudit } from '@caliber/service-kit';
import type { EntityManager } from 'typeorm';
import { toTaskDto } from './task.mapper';
import { TaskStatusHistoryEntity } from './task-status-history.entity';
import { TaskEntity } from './task.entity';

/**
 * The rows every task change writes in its transaction, for each way a task comes to change (a
 * person's request, a PM plan's next occurrence): the status history row and the audit row.
 */
export function recordTaskStatus(
  manager: EntityManager,
  actor: Actor,
  taskId: string,
  from: TaskStatus | null,
  to: TaskStatus,
) {
  return manager.insert(TaskStatusHistoryEntity, {
    taskId,
    fromStatus: from,
    toStatus: to,
    changedById: actor._id || null,
    changedByName: actor.name,
  });
}

export function auditTask(
  manager: EntityManager,
  actor: Actor,
  task: { id: string; equipmentId: string },
  action: string,
  changes: Record<string, { from: unknown; to: unknown }>,
) {
  return writeAudit(manager, {
    actor: auditActorOf(actor),
    entity: 'task',
    entityId: task.id,
    equipmentId: task.equipmentId,
    action,
    changes,
  });
}

/**
 * The service itself, when its daily PM job creates occurrences: recorded by name, with no
 * person's id.
 */
export const PM_SCHEDULE_ACTOR: Actor = {
  _id: '',
  name: 'PM schedule',
  role: 'System',
  serviceNumber: 'pm-schedule',
  via: 'maintenance',
};

/** The columns a change stamps: who changed it, when, and the next version. */
export function touchedBy(actor: Actor) {
  return {
    updatedById: actor._id || null,
    updatedByName: actor.name,
    updatedAt: () => 'now()',
    version: () => '"version" + 1',
  };
}

/** A new task with its first status-history row and its `created` audit row. */
export async function insertTask(
  manager: EntityManager,
  actor: Actor,
  fields: Partial<TaskEntity> & { status: TaskStatus; equipmentId: string },
): Promise<TaskEntity> {
  const created = manager.create(TaskEntity, {
    ...fields,
    needsCertification: false,
    certified: false,
    createdById: actor._id || null,
    createdByName: actor.name,
    updatedById: actor._id || null,
    updatedByName: actor.name,
    deletedAt: null,
    deletedById: null,
  });
  await manager.save(created);
  await recordTaskStatus(manager, actor, created.id, null, fields.status);
  const saved = await manager.findOneByOrFail(TaskEntity, { id: created.id });
  await auditTask(manager, actor, created, 'created', diffFields({}, toTaskDto(saved, [])));
  return saved;
}
