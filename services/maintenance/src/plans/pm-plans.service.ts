import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isRecordId,
  MANUFACTURER_SCHEDULE_ONLY,
  occurrenceDueDate,
  RETIRED_STATUSES,
  type Actor,
  type ChangeFeedPage,
  type ListPmPlansQuery,
  type NewPmPlan,
  type PmCoverageChange,
  type PmPlanChanges,
  type PmPlanCreatedResponse,
  type PmPlanDto,
  type PmPlanListResponse,
} from '@caliber/contracts';
import { auditActorOf, changeFeedPage, diffFields, ServiceError, writeAudit } from '@caliber/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { DeviceRiskReplica } from '../compliance/device-risk.replica';
import { addDays, hospitalToday } from '../hospital-clock';
import { LOGGER } from '../tokens';
import { EquipmentPeer, IdentityPeer } from '../peers/peers.client';
import { TaskEvents } from '../tasks/task-events';
import { deviceColumns, deviceRefOf } from '../tasks/device-snapshot';
import { toTaskDto, userRef } from '../tasks/task.mapper';
import { TaskRules } from '../tasks/task-rules';
import { TaskEntity } from '../tasks/task.entity';
import { auditTask, insertTask, PM_SCHEDULE_ACTOR } from '../tasks/task-writes';
import { PmPlanEntity } from './pm-plan.entity';

const NOT_FOUND = 'This PM plan does not exist.';

/**
 * At most this many occurrences of one plan are created by one run of the daily job: a daily plan
 * scheduled from far in the past creates its backlog over a few runs instead of thousands of
 * tasks at once.
 */
export const MAX_OCCURRENCES_PER_RUN = 60;

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
    anchorDate: plan.anchorDate,
    anchorOccurrence: plan.anchorOccurrence,
    nextOccurrence: plan.nextOccurrence,
    nextDueDate: plan.nextDueDate,
    scheduleBasis: plan.scheduleBasis,
    justification: plan.justification,
    active: plan.active,
    retiredAt: plan.retiredAt ? plan.retiredAt.toISOString() : null,
    createdAt: plan.createdAt.toISOString(),
    createdBy: userRef(plan.createdById, plan.createdByName),
    version: plan.version,
  };
}

/** The due date of a plan's occurrence `n` under its current schedule. */
export function dueDateOf(
  plan: Pick<PmPlanEntity, 'anchorDate' | 'anchorOccurrence' | 'interval'>,
  n: number,
) {
  return occurrenceDueDate(plan.anchorDate, plan.interval, n - plan.anchorOccurrence);
}

/**
 * PM plans and their occurrences (Preventive tasks carrying the plan and their number):
 * - scheduling (either form) creates the plan and occurrence 0, due on the first due date;
 * - certifying an occurrence creates the one after it when it does not exist yet;
 * - the daily job creates every occurrence falling due within the lead time;
 * - a change shapes only occurrences created after it: those already created, finished or not,
 *   keep what they have (each can be changed as a task); a new interval or next due date
 *   re-anchors the schedule at the next occurrence not created yet;
 * - retiring stops the plan and withdraws its occurrences not started and not yet due; those
 *   started, finished or overdue stay (an overdue PM is not erased by retiring its plan).
 * Every occurrence is created under a lock on its plan's row, and (plan, number) is unique in the
 * database, so no plan ever has two tasks for one due date.
 */
@Injectable()
export class PmPlansService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly equipment: EquipmentPeer,
    private readonly identity: IdentityPeer,
    private readonly events: TaskEvents,
    private readonly risk: DeviceRiskReplica,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(actor: Actor, data: NewPmPlan): Promise<PmPlanCreatedResponse> {
    TaskRules.requireFullAccess(actor, 'schedule preventive maintenance');
    const [device, assignment] = await Promise.all([
      this.equipment.ref(actor, data.equipmentId),
      this.identity.assignmentOf(actor, data.assignedTo),
    ]);
    if (RETIRED_STATUSES.includes(device.status))
      throw new ServiceError(
        'CONFLICT',
        `This device is ${device.status}; it needs no preventive maintenance.`,
      );
    refuseAlternativeSchedule(device.category, data.scheduleBasis);
    const earliest = addDays(hospitalToday(), -366);
    if (data.firstDueDate < earliest)
      throw new ServiceError('VALIDATION_FAILED', 'The first due date may be at most a year ago.', [
        { path: 'firstDueDate', message: 'The first due date may be at most a year ago.' },
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
        anchorDate: data.firstDueDate,
        anchorOccurrence: 0,
        nextOccurrence: 0,
        nextDueDate: data.firstDueDate,
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
      await this.audit(manager, actor, saved, 'created', diffFields({}, toPmPlanDto(saved)));
      const first = await this.insertNext(manager, actor, saved);
      return { plan: await manager.findOneByOrFail(PmPlanEntity, { id: saved.id }), task: first };
    });
    const taskDto = toTaskDto(task, []);
    await this.events.created({ task: taskDto });
    return { plan: toPmPlanDto(plan), task: taskDto };
  }

  async list(query: ListPmPlansQuery): Promise<PmPlanListResponse> {
    const builder = this.dataSource.manager.createQueryBuilder(PmPlanEntity, 'plan');
    if (query.state !== 'all') builder.where('plan.active = :active', { active: query.state === 'active' });
    if (query.equipment) builder.andWhere('plan.equipmentId = :equipment', { equipment: query.equipment });
    const [plans, total] = await builder
      .orderBy('plan.createdAt', 'DESC')
      .addOrderBy('plan.id', 'DESC')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getManyAndCount();
    return {
      plans: plans.map(toPmPlanDto),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }

  async get(id: string): Promise<PmPlanDto> {
    return toPmPlanDto(await this.find(this.dataSource.manager, id));
  }

  async update(actor: Actor, id: string, changes: PmPlanChanges): Promise<PmPlanDto> {
    TaskRules.requireFullAccess(actor, 'change PM plans');
    const assignment =
      changes.assignedTo === undefined
        ? undefined
        : await this.identity.assignmentOf(actor, changes.assignedTo);
    const saved = await this.dataSource.transaction(async (manager) => {
      const plan = await this.find(manager, id, true);
      refuseStale(plan, changes.version);
      if (!plan.active)
        throw new ServiceError('CONFLICT', 'This PM plan is retired; schedule a new one instead.');
      const basis = changes.scheduleBasis ?? plan.scheduleBasis;
      const justification = changes.justification === undefined ? plan.justification : changes.justification;
      if (basis === 'Alternative maintenance schedule' && !justification)
        throw new ServiceError(
          'VALIDATION_FAILED',
          'An alternative maintenance schedule needs its justification.',
          [
            {
              path: 'justification',
              message: 'An alternative maintenance schedule needs its justification.',
            },
          ],
        );
      refuseAlternativeSchedule(plan.equipmentCategory, basis);
      if (changes.nextDueDate !== undefined) await this.refuseNextDueDate(manager, plan, changes.nextDueDate);
      const before = toPmPlanDto(plan);
      const interval = changes.interval ?? plan.interval;
      const reanchor = changes.nextDueDate !== undefined || interval !== plan.interval;
      const nextDueDate = changes.nextDueDate ?? plan.nextDueDate;
      await manager.update(PmPlanEntity, plan.id, {
        ...(changes.title !== undefined && { title: changes.title }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.pmType !== undefined && { pmType: changes.pmType }),
        ...(changes.estimatedHours !== undefined && { estimatedHours: changes.estimatedHours }),
        ...(changes.priority !== undefined && { priority: changes.priority }),
        ...(assignment && assignment),
        interval,
        scheduleBasis: basis,
        justification,
        ...(reanchor && { anchorDate: nextDueDate, anchorOccurrence: plan.nextOccurrence, nextDueDate }),
        updatedById: actor._id,
        updatedByName: actor.name,
        updatedAt: () => 'now()',
        version: () => '"version" + 1',
      });
      const after = await manager.findOneByOrFail(PmPlanEntity, { id: plan.id });
      await this.audit(manager, actor, plan, 'updated', diffFields(before, toPmPlanDto(after)));
      return after;
    });
    return toPmPlanDto(saved);
  }

  async retire(actor: Actor, id: string, reason: string, version?: number): Promise<PmPlanDto> {
    TaskRules.requireFullAccess(actor, 'retire PM plans');
    return this.retirePlan(actor, id, reason, version);
  }

  private async retirePlan(actor: Actor, id: string, reason: string, version?: number): Promise<PmPlanDto> {
    const { plan, withdrawn } = await this.dataSource.transaction(async (manager) => {
      const found = await this.find(manager, id, true);
      refuseStale(found, version);
      if (!found.active) throw new ServiceError('CONFLICT', 'This PM plan is already retired.');
      const before = toPmPlanDto(found);
      await manager.update(PmPlanEntity, found.id, {
        active: false,
        retiredAt: () => 'now()',
        retiredById: actor._id || null,
        retiredByName: actor.name,
        retireReason: reason,
        updatedById: actor._id || null,
        updatedByName: actor.name,
        updatedAt: () => 'now()',
        version: () => '"version" + 1',
      });
      // Occurrences nobody has started and that are not due yet are withdrawn with the plan.
      const rows: { id: string; assigned_to_id: string | null; equipment_id: string }[] = await manager.query(
        `WITH withdrawn AS (
           UPDATE "maintenance"."tasks" SET "deleted_at" = now(), "deleted_by_id" = $2
            WHERE "plan_id" = $1 AND "deleted_at" IS NULL AND "status" = 'Pending' AND "due_date" >= $3
            RETURNING "id", "assigned_to_id", "equipment_id")
         SELECT * FROM withdrawn`,
        [found.id, actor._id || null, hospitalToday()],
      );
      for (const row of rows)
        await auditTask(manager, actor, { id: row.id, equipmentId: row.equipment_id }, 'deleted', {
          reason: { from: null, to: 'PM plan retired' },
        });
      const after = await manager.findOneByOrFail(PmPlanEntity, { id: found.id });
      await this.audit(manager, actor, found, 'retired', {
        ...diffFields(before, toPmPlanDto(after)),
        reason: { from: null, to: reason },
      });
      return { plan: after, withdrawn: rows };
    });
    for (const row of withdrawn) await this.events.deleted({ _id: row.id, assigneeId: row.assigned_to_id });
    return toPmPlanDto(plan);
  }

  /**
   * The occurrence after `task` when `task` is one of an active plan's and the next one does not
   * exist yet, in the caller's transaction (the certification of `task`).
   */
  async nextOccurrence(manager: EntityManager, actor: Actor, task: TaskEntity): Promise<TaskEntity | null> {
    if (!task.planId || task.planOccurrence === null) return null;
    const plan = await manager.findOne(PmPlanEntity, {
      where: { id: task.planId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!plan?.active || plan.nextOccurrence > task.planOccurrence + 1) return null;
    return this.insertNext(manager, actor, plan);
  }

  /**
   * The daily job's work: for every active plan, the occurrences due on or before
   * `today + leadDays` that do not exist yet. Each plan is done in its own transaction under a
   * lock on its row, so two runs at once (two replicas, a retry) create each occurrence once.
   * Answers the tasks created.
   */
  async createDueOccurrences(leadDays: number, today = hospitalToday()): Promise<TaskEntity[]> {
    await this.retirePlansOfRetiredDevices();
    const horizon = addDays(today, leadDays);
    const created: TaskEntity[] = [];
    const failed: string[] = [];
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch: { id: string }[] = await this.dataSource.query(
        `SELECT "id" FROM "maintenance"."pm_plans"
          WHERE "active" AND "next_due_date" <= $1 AND "id" > $2 ORDER BY "id" LIMIT 200`,
        [horizon, after],
      );
      for (const { id } of batch) {
        // One plan that fails (a bad row) does not stop the others; the run fails at the end, so
        // the job is retried, and the plans done already have nothing left to create.
        try {
          const tasks = await this.dataSource.transaction(async (manager) => {
            const plan = await manager.findOne(PmPlanEntity, {
              where: { id },
              lock: { mode: 'pessimistic_write' },
            });
            const made: TaskEntity[] = [];
            while (plan?.active && plan.nextDueDate <= horizon && made.length < MAX_OCCURRENCES_PER_RUN) {
              made.push(await this.insertNext(manager, PM_SCHEDULE_ACTOR, plan));
              Object.assign(plan, await manager.findOneByOrFail(PmPlanEntity, { id }));
            }
            return made;
          });
          created.push(...tasks);
          for (const task of tasks) await this.events.created({ task: toTaskDto(task, []) });
        } catch (error) {
          this.logger.error({ err: error, plan: id }, 'PM occurrences of a plan not created');
          failed.push(id);
        }
      }
      const last = batch.at(-1);
      if (!last || batch.length < 200) break;
      after = last.id;
    }
    if (failed.length > 0)
      throw new Error(
        `PM occurrences of ${failed.length} plan(s) were not created: ${failed.slice(0, 5).join(', ')}`,
      );
    return created;
  }

  /**
   * Plans of devices the inventory has deleted, decommissioned or auctioned are retired: their
   * occurrences would otherwise keep coming and count as missed. Read from the copy of the
   * inventory's feed, brought up to date first.
   */
  private async retirePlansOfRetiredDevices(): Promise<void> {
    await this.risk.refresh();
    const plans: { id: string; deleted: boolean }[] = await this.dataSource.query(
      `SELECT p."id", r."deleted" FROM "maintenance"."pm_plans" p
         JOIN "maintenance"."device_risk" r ON r."equipment_id" = p."equipment_id"
        WHERE p."active" AND (r."deleted" OR r."retired")`,
    );
    for (const plan of plans)
      await this.retirePlan(
        PM_SCHEDULE_ACTOR,
        plan.id,
        plan.deleted
          ? 'The device was removed from the inventory.'
          : 'The device was decommissioned or auctioned.',
      ).catch((error: unknown) =>
        this.logger.warn({ err: error, plan: plan.id }, 'PM plan of a retired device not retired'),
      );
  }

  /** The coverage feed: devices whose count of active plans changed after `after`. */
  async coverageChanges(after: string, limit: number): Promise<ChangeFeedPage<PmCoverageChange>> {
    const rows: { equipment_id: string; active_plans: number; seq: string }[] = await this.dataSource.query(
      `SELECT "equipment_id", "active_plans", "seq"::text AS "seq" FROM "maintenance"."pm_coverage"
        WHERE "seq" > $1::bigint ORDER BY "seq" LIMIT $2`,
      [after, limit + 1],
    );
    return changeFeedPage(rows, limit, after, (row) => ({
      equipmentId: row.equipment_id,
      seq: row.seq,
      activePlans: row.active_plans,
    }));
  }

  /** Creates the plan's next occurrence and moves the plan on to the one after. */
  private async insertNext(manager: EntityManager, actor: Actor, plan: PmPlanEntity): Promise<TaskEntity> {
    const n = plan.nextOccurrence;
    const task = await insertTask(manager, actor, {
      title: plan.title,
      description: plan.description,
      taskType: 'Preventive',
      pmType: plan.pmType,
      pmInterval: plan.interval,
      priority: plan.priority,
      status: 'Pending',
      assignedToId: plan.assignedToId,
      assignedToName: plan.assignedToName,
      dueDate: dueDateOf(plan, n),
      comments: null,
      ...deviceColumns(deviceRefOf(plan)),
      planId: plan.id,
      planOccurrence: n,
    });
    await manager.update(PmPlanEntity, plan.id, {
      nextOccurrence: n + 1,
      nextDueDate: dueDateOf(plan, n + 1),
    });
    return task;
  }

  /**
   * A new next due date is today or later, and after the last occurrence already created, so
   * occurrences stay in order and one plan never has two due the same day.
   */
  private async refuseNextDueDate(manager: EntityManager, plan: PmPlanEntity, date: string): Promise<void> {
    const refuse = (message: string) => {
      throw new ServiceError('VALIDATION_FAILED', message, [{ path: 'nextDueDate', message }]);
    };
    if (date < hospitalToday()) refuse('The next due date cannot be in the past.');
    const [last] = (await manager.query(
      `SELECT to_char(max("due_date"), 'YYYY-MM-DD') AS "due" FROM "maintenance"."tasks"
        WHERE "plan_id" = $1 AND "deleted_at" IS NULL`,
      [plan.id],
    )) as [{ due: string | null }];
    if (last.due && date <= last.due)
      refuse(`The next due date must fall after the last occurrence already scheduled (${last.due}).`);
  }

  private async find(manager: EntityManager, id: string, lock = false): Promise<PmPlanEntity> {
    const plan = isRecordId(id)
      ? await manager.findOne(PmPlanEntity, {
          where: { id },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!plan) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    return plan;
  }

  private audit(
    manager: EntityManager,
    actor: Actor,
    plan: { id: string; equipmentId: string },
    action: string,
    changes: Record<string, { from: unknown; to: unknown }>,
  ) {
    return writeAudit(manager, {
      actor: auditActorOf(actor),
      entity: 'pm-plan',
      entityId: plan.id,
      equipmentId: plan.equipmentId,
      action,
      changes,
    });
  }
}

function refuseStale(plan: PmPlanEntity, version?: number) {
  if (version !== undefined && version !== plan.version)
    throw new ServiceError('CONFLICT', 'This PM plan was changed by someone else. Reload it and try again.');
}

function refuseAlternativeSchedule(category: string, basis: string): void {
  if (basis === 'Alternative maintenance schedule' && MANUFACTURER_SCHEDULE_ONLY.includes(category))
    throw new ServiceError(
      'VALIDATION_FAILED',
      `${category} equipment is maintained on the manufacturer's schedule; an alternative schedule is not allowed for it.`,
      [{ path: 'scheduleBasis', message: 'Imaging equipment follows the manufacturer’s recommendation.' }],
    );
}
