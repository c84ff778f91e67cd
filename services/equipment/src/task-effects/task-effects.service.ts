import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isRecordId,
  withinWard,
  RETIRED_STATUSES,
  type Actor,
  type EquipmentDto,
  type EquipmentStatus,
  type TaskEffect,
  type TaskEffectResult,
  type TaskEquipmentRef,
} from '@caliber/contracts';
import { auditActorOf, ServiceError, writeAudit } from '@caliber/service-kit';
import { DataSource } from 'typeorm';
import { EquipmentEvents } from '../inventory/equipment-events';
import { EquipmentEntity } from '../inventory/equipment.entity';
import { toEquipmentDto } from '../inventory/equipment.mapper';
import { StatusHistoryEntity } from '../inventory/status-history.entity';

/**
 * What a task does to its device, the one mapping of task outcomes to inventory status:
 * - a reported fault takes a Serviceable device out of use (Unserviceable); one already out of use
 *   (Unserviceable, Under Maintenance) stays as it is;
 * - certified work returns a device that is out of use (Unserviceable, Under Maintenance) to
 *   Serviceable, unless maintenance says other corrective work on it is still open
 *   (`returnToService` false); a Serviceable one stays;
 * - a device that is Decommissioned or Auctioned is never moved by a task, and a cancelled task
 *   has no effect at all (cancelling a job must not retire a device).
 * Answers the status to set, or null to leave the device as it is.
 */
export function statusAfterTaskEffect(
  effect: Pick<TaskEffect, 'kind' | 'returnToService'>,
  current: EquipmentStatus,
): EquipmentStatus | null {
  if (RETIRED_STATUSES.includes(current)) return null;
  if (effect.kind === 'reported') return current === 'Serviceable' ? 'Unserviceable' : null;
  if (!effect.returnToService) return null;
  return current === 'Serviceable' ? null : 'Serviceable';
}

function reasonOf(effect: TaskEffect): string {
  const title = effect.taskTitle.slice(0, 400);
  return effect.kind === 'reported' ? `Fault reported: ${title}` : `Work certified: ${title}`;
}

/**
 * Applies maintenance's task effects to the inventory exactly once per task and kind, and
 * answers the device's name for new tasks. Only maintenance may send these (SUBJECT_SENDERS);
 * the person it vouches for (the reporter, the certifying engineer) is the one recorded.
 */
@Injectable()
export class TaskEffectsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EquipmentEvents,
  ) {}

  async ref(id: string, ward: string | null = null): Promise<TaskEquipmentRef & { status: EquipmentStatus }> {
    const item = isRecordId(id) ? await this.dataSource.manager.findOneBy(EquipmentEntity, { id }) : null;
    if (!item || item.deletedAt || !withinWard(ward, item.department))
      throw new ServiceError('NOT_FOUND', 'This equipment is not in the inventory.');
    return {
      _id: item.id,
      name: item.name,
      serialNumber: item.serialNumber,
      department: item.department,
      category: item.category,
      status: item.status,
    };
  }

  /**
   * The live devices whose serial number is one of `serialNumbers`, compared without case: one
   * query on the unique index of lower(serial_number) among live devices, so each serial matches
   * at most one device.
   */
  async bySerials(
    serialNumbers: readonly string[],
  ): Promise<(TaskEquipmentRef & { status: EquipmentStatus })[]> {
    const wanted = [...new Set(serialNumbers.map((serial) => serial.trim().toLowerCase()).filter(Boolean))];
    if (wanted.length === 0) return [];
    const rows: {
      id: string;
      name: string;
      serial_number: string;
      department: string;
      category: string;
      status: EquipmentStatus;
    }[] = await this.dataSource.query(
      `SELECT "id", "name", "serial_number", "department", "category", "status"
         FROM "equipment"."equipment"
        WHERE lower("serial_number") = ANY($1::text[]) AND "deleted_at" IS NULL`,
      [wanted],
    );
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      serialNumber: row.serial_number,
      department: row.department,
      category: row.category,
      status: row.status,
    }));
  }

  async apply(actor: Actor, effect: TaskEffect): Promise<TaskEffectResult> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const item = await manager.findOne(EquipmentEntity, {
        where: { id: effect.equipmentId },
        lock: { mode: 'pessimistic_write' },
      });
      const live = item && !item.deletedAt ? item : null;
      const to = live ? statusAfterTaskEffect(effect, live.status) : null;
      const inserted: unknown[] = await manager.query(
        `INSERT INTO "equipment"."task_effects" ("task_id", "kind", "equipment_id", "from_status", "to_status")
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING "task_id"`,
        [effect.taskId, effect.kind, effect.equipmentId, live?.status ?? null, to],
      );
      if (inserted.length === 0 || !live || !to)
        return { applied: inserted.length > 0, item: live, from: null };
      await manager.update(EquipmentEntity, live.id, {
        status: to,
        updatedById: actor._id,
        updatedByName: actor.name,
        updatedAt: () => 'now()',
        version: () => '"version" + 1',
      });
      await manager.insert(StatusHistoryEntity, {
        equipmentId: live.id,
        fromStatus: live.status,
        toStatus: to,
        changedById: actor._id,
        changedByName: actor.name,
        reason: reasonOf(effect),
        taskId: effect.taskId,
      });
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'equipment',
        entityId: live.id,
        equipmentId: live.id,
        action: 'status-changed',
        changes: { status: { from: live.status, to }, task: { from: null, to: effect.taskId } },
      });
      const changed = await manager.findOneByOrFail(EquipmentEntity, { id: live.id });
      return { applied: true, item: changed, from: live.status };
    });
    if (outcome.item && outcome.from) {
      const dto: EquipmentDto = toEquipmentDto(outcome.item);
      await this.events.updated({ equipment: dto });
      await this.events.statusChanged({ equipment: dto, from: outcome.from, to: dto.status });
    }
    return { applied: outcome.applied, status: outcome.item?.status ?? null };
  }
}
