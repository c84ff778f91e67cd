import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  occurrenceDueDate,
  type Actor,
  type NewPmPlan,
  type PmPlanCreatedResponse,
  type PmPlanDto,
} from '@caliber/contracts';
import { auditActorOf, diffFields, writeAudit } from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { EquipmentPeer, IdentityPeer } from '../peers/peers.client';
import { TaskEvents } from '../tasks/task-events';
import { deviceColumns, deviceRefOf } from '../tasks/device-snapshot';
import { toTaskDto, userRef } from '../tasks/task.mapper';
import { TaskRules } from '../tasks/task-rules';
import type { TaskEntity } from '../tasks/task.entity';
import { insertTask } from '../tasks/task-writes';
import { PmPlanEntity } from './pm-plan.entity';

export function toPmPlanDto(plan: PmPlanEntity): PmPlanDto {
  return {
    _id: plan.id,
    equipment: deviceRefOf(plan),
    title: plan.title,
    description: plan.description,
    pmType: plan.pmType,
    interval: plan.interval,
    estimatedHours: plan.estimatedHours,
    assignedTo: userRef(plan.assignedToId, plan.assignedToName),
    priority: plan.priority,
    firstDueDate: plan.firstDueDate,
    scheduleBasis: plan.scheduleBasis,
    justification: plan.justification,
    active: plan.active,
    createdAt: plan.createdAt.toISOString(),
    createdBy: userRef(plan.createdById, plan.createdByName),
    version: plan.version,
  };
}

/**
 * PM plans and their occurrences. Scheduling (either form) creates the plan and its first
 * occurrence, a Preventive task due on the plan's first due date; certifying an occurrence
 * creates the next one, due where the plan's schedule puts it (`occurrenceDueDate`, counted from
 * the first due date). An occurrence is identified by its plan and number, unique in the
 * database, so no plan ever has two tasks for one due date.
 */
@Injectable()
export class PmPlansService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly equipment: EquipmentPeer,
    private readonly identity: IdentityPeer,
    private readonly events: TaskEvents,
  ) {}

  async create(actor: Actor, data: NewPmPlan): Promise<PmPlanCreatedResponse> {
    TaskRules.requireFullAccess(actor, 'schedule preventive maintenance');
    const [device, assignment] = await Promise.all([
      this.equipment.ref(actor, data.equipmentId),
      this.identity.assignmentOf(actor, data.assignedTo),
    ]);
    const { plan, task } = await this.dataSource.transaction(async (manager) => {
      const created = manager.create(PmPlanEntity, {
        ...deviceColumns(device),
        title: data.title,
        description: data.description,
        pmType: data.pmType,
        interval: data.interval,
        estimatedHours: data.estimatedHours,
        ...assignment,
        priority: data.priority,
        firstDueDate: data.firstDueDate,
        scheduleBasis: data.scheduleBasis,
        justification: data.justification,
        active: true,
        createdById: actor._id,
        createdByName: actor.name,
        updatedById: actor._id,
        updatedByName: actor.name,
      });
      await manager.save(created);
      const saved = await manager.findOneByOrFail(PmPlanEntity, { id: created.id });
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'pm-plan',
        entityId: saved.id,
        action: 'created',
        changes: diffFields({}, toPmPlanDto(saved)),
      });
      return { plan: saved, task: await this.insertOccurrence(manager, actor, saved, 0) };
    });
    const taskDto = toTaskDto(task, []);
    await this.events.created({ task: taskDto });
    return { plan: toPmPlanDto(plan), task: taskDto };
  }

  /**
   * The occurrence after `task` when `task` is one of an active plan's, in the caller's
   * transaction (the certification of `task`); null when there is none to create. The plan's row
   * is locked, so two certifications at once make one next occurrence, and the unique index
   * holds even without the lock.
   */
  async nextOccurrence(manager: EntityManager, actor: Actor, task: TaskEntity): Promise<TaskEntity | null> {
    if (!task.planId || task.planOccurrence === null) return null;
    const plan = await manager.findOne(PmPlanEntity, {
      where: { id: task.planId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!plan?.active) return null;
    const next = task.planOccurrence + 1;
    const existing: unknown[] = await manager.query(
      `SELECT 1 FROM "maintenance"."tasks" WHERE "plan_id" = $1 AND "plan_occurrence" = $2`,
      [plan.id, next],
    );
    if (existing.length > 0) return null;
    return this.insertOccurrence(manager, actor, plan, next);
  }

  private insertOccurrence(manager: EntityManager, actor: Actor, plan: PmPlanEntity, n: number) {
    return insertTask(manager, actor, {
      title: plan.title,
      description: plan.description,
      taskType: 'Preventive',
      pmType: plan.pmType,
      pmInterval: plan.interval,
      priority: plan.priority,
      status: 'Pending',
      assignedToId: plan.assignedToId,
      assignedToName: plan.assignedToName,
      dueDate: occurrenceDueDate(plan.firstDueDate, plan.interval, n),
      comments: null,
      ...deviceColumns(deviceRefOf(plan)),
      planId: plan.id,
      planOccurrence: n,
    });
  }
}
