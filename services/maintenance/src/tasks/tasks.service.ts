import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isClinical,
  isRecordId,
  isReportOnly,
  PRIORITY_OF_SEVERITY,
  readsCosts,
  reportersView,
  TASK_HISTORY_LIMIT,
  TASK_SEARCH_COUNT_LIMIT,
  type Actor,
  type DeviceHistoryPage,
  type DeviceHistoryQuery,
  type IssueReport,
  type ListTasksQuery,
  type NewTask,
  type PartCostsRecord,
  type SparePart,
  type TaskChanges,
  type TaskDetail,
  type TaskRefAnswer,
  type TaskDeletedResponse,
  type TaskDto,
  type TaskListResponse,
  type TaskStatus,
  type WorkRecord,
} from '@caliber/contracts';
import {
  actingUserOfActor,
  AuditEntryEntity,
  diffFields,
  removedFields,
  ServiceError,
} from '@caliber/service-kit';
import { DataSource, In, IsNull, Not, type EntityManager } from 'typeorm';
import { enqueueTaskEffect, lockDevice, TaskEffectsRelay } from '../outbox/task-effects.relay';
import { PmPlansService } from '../plans/pm-plans.service';
import { labourRoleAfter, priceTaskLabour } from '../costs/task-labour';
import { VENDOR_CHARGES_AUDIT_ACTION, VendorChargesService } from '../costs/vendor-charges.service';
import { PART_COSTS_AUDIT_ACTION, pricedParts, withKeptPricing } from '../costs/part-suppliers';
import { EquipmentPeer, IdentityPeer } from '../peers/peers.client';
import { AddedReportEntity } from './added-report.entity';
import { deviceColumns } from './device-snapshot';
import { planOfPreventiveTask } from './preventive-task';
import { SparePartEntity } from './spare-part.entity';
import { TaskEvents } from './task-events';
import { TaskListCache } from './task-list.cache';
import {
  filteredTasks,
  keptCounts,
  listCount,
  pageOfOwnTasks,
  pageOfTasks,
  type KeptCounts,
  type TaskListCount,
  type TaskListScope,
} from './task-list.query';
import {
  toAddedReport,
  toAuditEntry,
  toDeviceHistoryTask,
  toTaskDto,
  toSparePart,
  toTaskStatusEntry,
} from './task.mapper';
import { completionAfter, TaskRules } from './task-rules';
import { TaskStatusHistoryEntity } from './task-status-history.entity';
import { TaskEntity } from './task.entity';
import { auditTask, insertTask, recordTaskStatus, touchedBy } from './task-writes';

const NOT_FOUND = 'This task is not in the list.';

/**
 * Tasks, their work records and certification (the rules are `TaskRules`):
 * - every status a task takes is a row of its history, and every change an audit row with the
 *   old and new values, in the transaction of the change;
 * - a change that carries the `version` the screen read is refused (409) when the task changed since;
 * - a reported fault and a certification each write an effect on the device to the outbox in the
 *   same transaction; the relay delivers it to the equipment service exactly once;
 * - the device and the assignee are checked with their owners (equipment, identity) before a task
 *   names them, and kept with the name they had.
 */
@Injectable()
export class TasksService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: TaskEvents,
    private readonly equipment: EquipmentPeer,
    private readonly identity: IdentityPeer,
    private readonly relay: TaskEffectsRelay,
    private readonly plans: PmPlansService,
    private readonly listCache: TaskListCache,
    private readonly vendorCharges: VendorChargesService,
  ) {}

  async list(actor: Actor, query: ListTasksQuery): Promise<TaskListResponse> {
    const seesAll = TaskRules.seesAll(actor);
    // Clinical staff follow the faults they reported, whatever else the query asks for.
    const scope: TaskListScope = isClinical(actor.role)
      ? { visibleTo: null, assigneeId: null, reporterId: actor._id }
      : {
          // The tasks assigned to the caller (`my=1`), or reported by them (`reported=1`), are all theirs
          // to see: no second condition, and `my=1` counts from the kept counts.
          visibleTo: seesAll || query.my || query.reported ? null : actor._id,
          // The technician filter is for those who see everyone's tasks; a Technician's is ignored.
          assigneeId: query.my ? actor._id : seesAll ? query.technician || null : null,
          reporterId: query.reported ? actor._id : null,
        };
    const manager = this.dataSource.manager;
    // The kept counts change only with a task: read once, then from the cache until a change.
    const kept = (assignee: string | null) =>
      this.listCache.get(`kept:${assignee ?? 'everyone'}`, () => keptCounts(manager, assignee));
    const [tasks, { counts, total, more }] = await Promise.all([
      scope.visibleTo
        ? pageOfOwnTasks(manager, query, scope.visibleTo)
        : pageOfTasks(filteredTasks(manager, query, scope), query).getMany(),
      this.listCount(manager, query, scope, kept),
    ]);
    const parts = await this.partsOf(
      manager,
      tasks.map((task) => task.id),
    );
    return {
      tasks: tasks.map((task) => {
        const dto = toTaskDto(task, parts.get(task.id) ?? []);
        return isReportOnly(actor, task) ? reportersView(dto) : dto;
      }),
      total,
      more,
      page: query.page,
      // "More than `total`": the pager reaches one page past the tasks counted.
      pages: Math.max(1, Math.ceil((more ? total + 1 : total) / query.limit)),
      limit: query.limit,
      counts,
    };
  }

  /**
   * The list's counts change only with a task, which every replica hears of: kept per scope and
   * filters (a search's also per how far it counts), except "overdue", which moves with the clock.
   */
  private listCount(
    manager: EntityManager,
    query: ListTasksQuery,
    scope: TaskListScope,
    kept: KeptCounts,
  ): Promise<TaskListCount> {
    if (query.overdue) return listCount(manager, query, scope, kept);
    const filters: Partial<ListTasksQuery> = { ...query };
    delete filters.page;
    delete filters.limit;
    delete filters.sort;
    const reach = query.q ? Math.max(TASK_SEARCH_COUNT_LIMIT, query.page * query.limit) : 0;
    return this.listCache.get(`count:${JSON.stringify([scope, filters, reach])}`, () =>
      listCount(manager, query, scope, kept),
    );
  }

  async get(actor: Actor, id: string): Promise<TaskDetail> {
    const manager = this.dataSource.manager;
    const { task, addedToReport } = await this.findFollowed(manager, actor, id);
    const [parts, [history, historyTotal], [audit, auditTotal], [added, addedTotal]] = await Promise.all([
      this.partsOf(manager, [task.id]),
      manager.findAndCount(TaskStatusHistoryEntity, {
        where: { taskId: task.id },
        order: { changedAt: 'DESC', id: 'DESC' },
        take: TASK_HISTORY_LIMIT,
      }),
      manager.findAndCount(AuditEntryEntity, {
        // What vendors charged and what parts cost are costs: their changes are for those who read costs.
        where: {
          entity: 'task',
          entityId: task.id,
          ...(readsCosts(actor.role)
            ? {}
            : { action: Not(In([VENDOR_CHARGES_AUDIT_ACTION, PART_COSTS_AUDIT_ACTION])) }),
        },
        order: { at: 'DESC', id: 'DESC' },
        take: TASK_HISTORY_LIMIT,
      }),
      manager.findAndCount(AddedReportEntity, {
        where: { taskId: task.id },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: TASK_HISTORY_LIMIT,
      }),
    ]);
    const reportOnly = isReportOnly(actor, task, addedToReport);
    const costs = !reportOnly && readsCosts(actor.role);
    const detail: TaskDetail = {
      ...toTaskDto(task, parts.get(task.id) ?? []),
      // What the hours cost is for those who oversee the work, not the Technician who did it.
      labourCost: costs ? await priceTaskLabour(manager, task) : null,
      vendorCharges: costs ? await this.vendorCharges.of(manager, task) : null,
      statusHistory: history.map(toTaskStatusEntry),
      statusHistoryTotal: historyTotal,
      audit: audit.map(toAuditEntry),
      auditTotal,
      addedReports: added.map(toAddedReport),
      addedReportsTotal: addedTotal,
    };
    // The reporter follows what becomes of the fault; the notes, hours, costs and the audit trail
    // are for those who work or oversee it.
    return reportOnly ? { ...reportersView(detail), audit: [], auditTotal: 0 } : detail;
  }

  /**
   * A task the person may read: one they may see, or a fault they added their account to (which
   * they follow as its reporter does).
   */
  private async findFollowed(
    manager: EntityManager,
    actor: Actor,
    id: string,
  ): Promise<{ task: TaskEntity; addedToReport: boolean }> {
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    const task = await manager.findOneBy(TaskEntity, { id, deletedAt: IsNull() });
    if (!task) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    if (TaskRules.canSee(actor, task)) return { task, addedToReport: false };
    const addedToReport =
      actor._id !== '' &&
      (await manager.existsBy(AddedReportEntity, { taskId: task.id, reportedById: actor._id }));
    // A Technician is told the same for a task of someone else's as for one that does not exist.
    if (!TaskRules.canSee(actor, task, addedToReport)) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    return { task, addedToReport };
  }

  /**
   * A device's maintenance history: every task on it that is not deleted, newest first, a page at
   * a time, for anyone signed in (the technician at the device needs its past faults and repairs,
   * whoever did them). Read-only, and without the notes, hours and costs that stay with each task.
   * A device with no tasks, or not in the inventory, has an empty history.
   */
  /** A task's device and status, whoever may see it (the equipment service checks a recall closure with it). */
  async ref(id: string): Promise<TaskRefAnswer> {
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', 'This task does not exist.');
    const task = await this.dataSource.manager.findOneBy(TaskEntity, { id, deletedAt: IsNull() });
    if (!task) throw new ServiceError('NOT_FOUND', 'This task does not exist.');
    return { _id: task.id, equipmentId: task.equipmentId, status: task.status, title: task.title };
  }

  async deviceHistory(equipmentId: string, query: DeviceHistoryQuery): Promise<DeviceHistoryPage> {
    if (!isRecordId(equipmentId))
      throw new ServiceError('NOT_FOUND', 'This equipment is not in the inventory.');
    const manager = this.dataSource.manager;
    const [tasks, total] = await manager.findAndCount(TaskEntity, {
      where: { equipmentId, deletedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    const parts = await this.partsOf(
      manager,
      tasks.map((task) => task.id),
    );
    return {
      tasks: tasks.map((task) => toDeviceHistoryTask(task, parts.get(task.id) ?? [])),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }

  async create(actor: Actor, data: NewTask): Promise<TaskDto> {
    TaskRules.refuseCreate(actor);
    // Preventive work recurs: a new Preventive task is a PM plan's first occurrence, never a
    // one-off whose interval would mean nothing.
    if (data.taskType === 'Preventive')
      return (await this.plans.create(actor, planOfPreventiveTask(data))).task;
    const [device, assignment] = await Promise.all([
      this.equipment.ref(actor, data.equipmentId),
      this.identity.assignmentOf(actor, data.assignedTo),
    ]);
    const dto = await this.write(async (manager) => {
      const created = await insertTask(manager, actor, {
        title: data.title,
        description: data.description,
        taskType: data.taskType,
        pmType: data.pmType,
        pmInterval: data.pmInterval,
        priority: data.priority,
        status: data.status,
        dueDate: data.dueDate,
        comments: data.comments,
        ...assignment,
        ...deviceColumns(device),
      });
      return toTaskDto(created, []);
    });
    await this.events.created({ task: dto });
    return dto;
  }

  /** Report Issue: an unassigned Pending Repair task, and the device taken out of use. */
  async reportIssue(actor: Actor, report: IssueReport): Promise<TaskDto> {
    const device = await this.equipment.ref(actor, report.equipment);
    const dto = await this.write(async (manager) => {
      await lockDevice(manager, device._id);
      const created = await insertTask(manager, actor, {
        title: report.title,
        description: report.description,
        taskType: 'Repair',
        pmType: null,
        pmInterval: null,
        priority: PRIORITY_OF_SEVERITY[report.severity],
        status: 'Pending',
        assignedToId: null,
        assignedToName: null,
        dueDate: null,
        comments: null,
        faultDescription: report.description,
        location: report.location,
        severity: report.severity,
        reportedById: actor._id,
        reportedByName: actor.name,
        ...deviceColumns(device),
      });
      await enqueueTaskEffect(manager, {
        taskId: created.id,
        kind: 'reported',
        equipmentId: device._id,
        taskTitle: created.title,
        user: actingUserOfActor(actor),
      });
      return toTaskDto(created, []);
    });
    this.relay.kick();
    await this.events.created({ task: dto });
    return dto;
  }

  async update(actor: Actor, id: string, changes: TaskChanges): Promise<TaskDto> {
    TaskRules.requireFullAccess(actor, 'edit tasks');
    const { version, assignedTo, ...sent } = changes;
    // Only what was sent changes: a key the schema left undefined is not a value to write.
    const fields = Object.fromEntries(
      Object.entries(sent).filter(([, value]) => value !== undefined),
    ) as Partial<typeof sent>;
    const assignment =
      assignedTo === undefined ? undefined : await this.identity.assignmentOf(actor, assignedTo);
    const outcome = await this.write(async (manager) => {
      const task = await this.findVisible(manager, actor, id, true);
      refuseStale(task, version);
      if (task.certified) throw new ServiceError('CONFLICT', 'This task is certified; its record is final.');
      if (task.planId) refusePlanOccurrenceChange(task, fields);
      else refuseBecomingPreventive(task, fields);
      const next = { ...task, ...fields, ...(assignment ?? {}) };
      if (next.taskType === 'Preventive' && (!next.pmType || !next.pmInterval))
        throw ServiceError.validation([
          { path: 'pmType', message: 'For Preventive tasks, select PM Type and Periodic Interval.' },
        ]);
      if (next.taskType !== 'Preventive' && (next.pmType || next.pmInterval)) {
        if (fields.taskType) Object.assign(next, { pmType: null, pmInterval: null });
        else
          throw ServiceError.validation([
            { path: 'pmType', message: 'PM type and interval belong to Preventive tasks only.' },
          ]);
      }
      if (!next.assignedToId && (task.status === 'In Progress' || task.status === 'Completed'))
        throw new ServiceError('CONFLICT', 'A task that is started or completed keeps its assignee.');
      const after = {
        title: next.title,
        description: next.description,
        taskType: next.taskType,
        pmType: next.pmType,
        pmInterval: next.pmInterval,
        priority: next.priority,
        dueDate: next.dueDate,
        comments: next.comments,
        assignedToId: next.assignedToId,
        assignedToName: next.assignedToName,
      };
      const diff = diffFields<typeof after>(task, after);
      if (Object.keys(diff).length === 0) return { task, previousAssigneeId: undefined, changed: false };
      await manager.update(TaskEntity, task.id, { ...after, ...touchedBy(actor) });
      await auditTask(manager, actor, task, 'updated', diff);
      return {
        task: await manager.findOneByOrFail(TaskEntity, { id: task.id }),
        previousAssigneeId: diff['assignedToId'] ? task.assignedToId : undefined,
        changed: true,
      };
    });
    const dto = await this.dtoOf(outcome.task);
    // A save that changed nothing is announced to no one: every screen already shows it.
    if (outcome.changed)
      await this.events.updated({ task: dto, previousAssigneeId: outcome.previousAssigneeId });
    return dto;
  }

  async changeStatus(actor: Actor, id: string, to: TaskStatus, version?: number): Promise<TaskDto> {
    const outcome = await this.write(async (manager) => {
      const task = await this.findVisible(manager, actor, id, true);
      refuseStale(task, version);
      TaskRules.refuseStatusChange(actor, task, to);
      if (task.status === to) return { task, from: null };
      const completion = completionAfter(task.status, to, task);
      await manager.update(TaskEntity, task.id, {
        status: to,
        completedDate: completion.completedDate === 'now' ? () => 'now()' : completion.completedDate,
        needsCertification: completion.needsCertification,
        ...touchedBy(actor),
      });
      await recordTaskStatus(manager, actor, task.id, task.status, to);
      await auditTask(manager, actor, task, 'status-changed', {
        status: { from: task.status, to },
        ...(completion.needsCertification !== task.needsCertification
          ? { needsCertification: { from: task.needsCertification, to: completion.needsCertification } }
          : {}),
      });
      return { task: await manager.findOneByOrFail(TaskEntity, { id: task.id }), from: task.status };
    });
    const dto = await this.dtoOf(outcome.task);
    if (outcome.from) {
      await this.events.statusChanged({ task: dto });
      if (dto.status === 'Completed') await this.events.completed({ task: dto });
    }
    return dto;
  }

  async recordWork(actor: Actor, id: string, work: WorkRecord): Promise<TaskDto> {
    const task = await this.write(async (manager) => {
      const current = await this.findVisible(manager, actor, id, true);
      refuseStale(current, work.version);
      TaskRules.refuseWork(actor, current);
      const before = {
        faultDescription: current.faultDescription,
        repairDetails: current.repairDetails,
        labourHours: current.labourHours,
        spareParts: ((await this.partsOf(manager, [current.id])).get(current.id) ?? []).map(toSparePart),
      };
      const after = {
        faultDescription: work.faultDescription,
        repairDetails: work.repairDetails,
        labourHours: work.labourHours,
        // A part that stays keeps its supplier, and its price unless the person records costs.
        spareParts: withKeptPricing(work.sparePartsUsed, before.spareParts, readsCosts(actor.role)),
      };
      const diff = diffFields<typeof after>(before, after);
      if (Object.keys(diff).length === 0) return current;
      // Unchanged hours keep the role they are priced by; a change of that role is audited beside them.
      const labourRole = diff['labourHours']
        ? labourRoleAfter(actor, current, work.labourHours)
        : current.labourRole;
      if (labourRole !== current.labourRole)
        diff['labourRole'] = { from: current.labourRole, to: labourRole };
      await manager.update(TaskEntity, current.id, {
        faultDescription: work.faultDescription,
        repairDetails: work.repairDetails,
        labourHours: work.labourHours,
        labourRole,
        ...touchedBy(actor),
      });
      if (diff['spareParts']) {
        await manager.delete(SparePartEntity, { taskId: current.id });
        if (after.spareParts.length > 0)
          await manager.insert(
            SparePartEntity,
            after.spareParts.map((part, position) => ({ ...part, taskId: current.id, position })),
          );
      }
      await auditTask(manager, actor, current, 'work-recorded', diff);
      return manager.findOneByOrFail(TaskEntity, { id: current.id });
    });
    const dto = await this.dtoOf(task);
    await this.events.workUpdated({ task: dto });
    return dto;
  }

  /**
   * Prices a task's spare parts: each part's unit cost and the vendor it was bought from, for those
   * who record costs (Engineers, Managers and Admins), on a certified task too (the invoice comes
   * after the job). Held to the task's version, since the parts are priced by their place in the
   * list: a list corrected meanwhile is refused (409), not priced against parts nobody saw.
   */
  async recordPartCosts(actor: Actor, id: string, record: PartCostsRecord): Promise<TaskDto> {
    if (!readsCosts(actor.role))
      throw new ServiceError('FORBIDDEN', 'Engineers, Managers and Admins record what parts cost.');
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    // Only suppliers new to the task are asked of equipment, before the transaction (a call to
    // another service never holds the task's row lock); the parts read here are the ones the
    // version check below vouches for.
    const known = new Set(
      ((await this.partsOf(this.dataSource.manager, [id.toLowerCase()])).get(id.toLowerCase()) ?? []).map(
        (part) => part.supplierId,
      ),
    );
    const asked = [...new Set(record.parts.map((part) => part.supplierId))].filter(
      (supplierId): supplierId is string => supplierId !== null && !known.has(supplierId),
    );
    const vendors = new Map(
      asked.length === 0
        ? []
        : (await this.equipment.vendorRefs(actor, asked)).vendors.map((vendor) => [vendor.id, vendor]),
    );
    const outcome = await this.write(async (manager) => {
      const current = await this.findVisible(manager, actor, id, true);
      if (record.version !== current.version)
        throw new ServiceError(
          'CONFLICT',
          'The spare parts of this task were changed since you opened them. Reload them and try again.',
        );
      const before = ((await this.partsOf(manager, [current.id])).get(current.id) ?? []).map(toSparePart);
      const after = pricedParts(before, record.parts, vendors);
      const diff = diffFields<{ spareParts: SparePart[] }>({ spareParts: before }, { spareParts: after });
      if (Object.keys(diff).length === 0) return { task: current, changed: false };
      await manager.delete(SparePartEntity, { taskId: current.id });
      await manager.insert(
        SparePartEntity,
        after.map((part, position) => ({ ...part, taskId: current.id, position })),
      );
      await manager.update(TaskEntity, current.id, touchedBy(actor));
      await auditTask(manager, actor, current, PART_COSTS_AUDIT_ACTION, diff);
      return { task: await manager.findOneByOrFail(TaskEntity, { id: current.id }), changed: true };
    });
    const dto = await this.dtoOf(outcome.task);
    if (outcome.changed) await this.events.workUpdated({ task: dto });
    return dto;
  }

  /**
   * Certifies completed work once, and sends its effect on the device through the outbox: back
   * to service, unless other corrective work on the device is still open.
   */
  async certify(actor: Actor, id: string, version?: number): Promise<TaskDto> {
    const { task, next } = await this.write(async (manager) => {
      const found = await this.findVisible(manager, actor, id);
      await lockDevice(manager, found.equipmentId);
      const current = await this.findVisible(manager, actor, id, true);
      refuseStale(current, version);
      TaskRules.refuseCertify(actor, current);
      const [{ open }] = (await manager.query(
        `SELECT count(*)::int AS "open" FROM "maintenance"."tasks"
          WHERE "equipment_id" = $1 AND "id" <> $2 AND "deleted_at" IS NULL AND "task_type" = 'Repair'
            AND "status" <> 'Cancelled' AND NOT "certified"`,
        [current.equipmentId, current.id],
      )) as [{ open: number }];
      await manager.update(TaskEntity, current.id, {
        certified: true,
        needsCertification: false,
        certifiedAt: () => 'now()',
        certifiedById: actor._id,
        certifiedByName: actor.name,
        ...touchedBy(actor),
      });
      await enqueueTaskEffect(manager, {
        taskId: current.id,
        kind: 'certified',
        equipmentId: current.equipmentId,
        taskTitle: current.title,
        returnToService: open === 0,
        user: actingUserOfActor(actor),
      });
      // A PM occurrence certified: the plan's next one is due where its schedule puts it. Before
      // this task's audit row: the audit chain's head stays locked from a transaction's first
      // audit row to its commit, so rows (the plan) are locked first, in the order every other
      // writer of a plan locks them (plan, then the chain), and two writers cannot deadlock.
      const next = await this.plans.nextOccurrence(manager, actor, current);
      await auditTask(manager, actor, current, 'certified', {
        certified: { from: false, to: true },
        needsCertification: { from: true, to: false },
        certifiedBy: { from: null, to: actor.name },
      });
      return { task: await manager.findOneByOrFail(TaskEntity, { id: current.id }), next };
    });
    this.relay.kick();
    const dto = await this.dtoOf(task);
    await this.events.certified({ task: dto });
    if (next) await this.events.created({ task: toTaskDto(next, []) });
    return dto;
  }

  async delete(actor: Actor, id: string): Promise<TaskDeletedResponse> {
    TaskRules.requireFullAccess(actor, 'delete tasks');
    const people = await this.write(async (manager) => {
      const task = await this.findVisible(manager, actor, id, true);
      if (task.certified)
        throw new ServiceError(
          'CONFLICT',
          'Certified work is the record the inventory was changed from; it cannot be deleted.',
        );
      // PM compliance counts every occurrence a plan scheduled; deleting one would erase a missed PM.
      if (task.planId)
        throw new ServiceError(
          'CONFLICT',
          'A PM occurrence cannot be deleted: cancel it (it then counts as missed) or retire its plan.',
        );
      await manager.update(TaskEntity, task.id, { deletedAt: () => 'now()', deletedById: actor._id });
      await auditTask(manager, actor, task, 'deleted', removedFields(toTaskDto(task, [])));
      return { assigneeId: task.assignedToId, reporterId: task.reportedById };
    });
    await this.events.deleted({ _id: id, ...people });
    return { _id: id };
  }

  private async findVisible(
    manager: EntityManager,
    actor: Actor,
    id: string,
    lock = false,
  ): Promise<TaskEntity> {
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NOT_FOUND);
    const task = await manager.findOne(TaskEntity, {
      where: { id },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
    // A Technician is told the same for a task of someone else's as for one that does not exist.
    if (!task || task.deletedAt || !TaskRules.canSee(actor, task))
      throw new ServiceError('NOT_FOUND', NOT_FOUND);
    return task;
  }

  private async partsOf(manager: EntityManager, ids: string[]): Promise<Map<string, SparePartEntity[]>> {
    const byTask = new Map<string, SparePartEntity[]>();
    if (ids.length === 0) return byTask;
    const parts = await manager.find(SparePartEntity, {
      where: { taskId: In(ids) },
      order: { taskId: 'ASC', position: 'ASC' },
    });
    for (const part of parts) byTask.set(part.taskId, [...(byTask.get(part.taskId) ?? []), part]);
    return byTask;
  }

  private async dtoOf(task: TaskEntity): Promise<TaskDto> {
    const parts = await this.partsOf(this.dataSource.manager, [task.id]);
    return toTaskDto(task, parts.get(task.id) ?? []);
  }

  private write<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}

function refuseStale(task: TaskEntity, version: number | undefined): void {
  if (version !== undefined && version !== task.version)
    throw new ServiceError(
      'CONFLICT',
      `"${task.title}" was changed by someone else since you opened it. Reload it and try again.`,
    );
}

/**
 * A task becomes preventive work only as a PM plan's occurrence: preventive work recurs, and a
 * one-off task has no schedule to give its interval a meaning.
 */
function refuseBecomingPreventive(task: TaskEntity, fields: Partial<TaskChanges>): void {
  if (fields.taskType === 'Preventive' && task.taskType !== 'Preventive')
    throw new ServiceError(
      'CONFLICT',
      'Preventive work is scheduled as a PM plan (Schedule Preventive, or a new Preventive task), not made from another task.',
    );
}

/**
 * An occurrence of a PM plan keeps the due date and type its plan gave it: compliance judges it by
 * that date, and moving it would turn a missed PM into one on time. The plan's schedule is what
 * changes the occurrences to come.
 */
function refusePlanOccurrenceChange(task: TaskEntity, fields: Partial<TaskChanges>): void {
  if (fields.dueDate !== undefined && fields.dueDate !== task.dueDate)
    throw new ServiceError(
      'CONFLICT',
      "A PM occurrence keeps the due date its plan gave it; change the plan's schedule for the occurrences to come.",
    );
  const changesKind =
    (fields.taskType !== undefined && fields.taskType !== 'Preventive') ||
    (fields.pmInterval !== undefined && fields.pmInterval !== task.pmInterval);
  if (changesKind)
    throw new ServiceError('CONFLICT', "A PM occurrence stays preventive work on its plan's interval.");
}
