import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  addToReportRefusal,
  isRecordId,
  OPEN_TASK_STATUSES,
  wardLimit,
  withinWard,
  type Actor,
  type AddedReport,
  type OpenFaultPage,
  type OpenFaultsQuery,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import { DataSource, In, IsNull } from 'typeorm';
import { AddedReportEntity } from './added-report.entity';
import { SparePartEntity } from './spare-part.entity';
import { TaskEvents } from './task-events';
import { toAddedReport, toTaskDto, userRef } from './task.mapper';
import { TaskEntity } from './task.entity';
import { auditTask } from './task-writes';

/**
 * A device's open fault reports, and another account added to one: whoever may report a fault may
 * see the device's open faults (its maintenance history is theirs to read too) and add what they
 * saw to one, whoever it is assigned to, rather than file the same fault a second time.
 */
@Injectable()
export class FaultReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: TaskEvents,
  ) {}

  /**
   * The device's open faults (`isOpenFault`), newest first, a page at a time, each with how many
   * accounts were added to it. A device with none, or not in the inventory, has an empty page;
   * so has, for clinical staff, a device outside their ward (by the department the report names).
   */
  async openFaults(actor: Actor, equipmentId: string, query: OpenFaultsQuery): Promise<OpenFaultPage> {
    if (!isRecordId(equipmentId))
      throw new ServiceError('NOT_FOUND', 'This equipment is not in the inventory.');
    const manager = this.dataSource.manager;
    const ward = wardLimit(actor);
    const [tasks, total] = await manager.findAndCount(TaskEntity, {
      where: {
        equipmentId,
        ...(ward === null ? {} : { equipmentDepartment: ward }),
        deletedAt: IsNull(),
        taskType: 'Repair',
        certified: false,
        status: In([...OPEN_TASK_STATUSES]),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    const added = new Map<string, number>();
    if (tasks.length > 0) {
      const rows = await manager
        .createQueryBuilder(AddedReportEntity, 'report')
        .select('report.taskId', 'taskId')
        .addSelect('count(*)::int', 'count')
        .where('report.taskId IN (:...ids)', { ids: tasks.map((task) => task.id) })
        .groupBy('report.taskId')
        .getRawMany<{ taskId: string; count: number }>();
      for (const row of rows) added.set(row.taskId, row.count);
    }
    return {
      faults: tasks.map((task) => ({
        _id: task.id,
        title: task.title,
        description: task.description,
        status: task.status,
        severity: task.severity,
        createdAt: task.createdAt.toISOString(),
        reportedBy: userRef(task.reportedById, task.reportedByName),
        assignedTo: userRef(task.assignedToId, task.assignedToName),
        addedReports: added.get(task.id) ?? 0,
      })),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }

  /**
   * Adds the person's account to an open fault, audited with its task. The task is locked while it
   * is checked, so a report added as the task closes either lands before the close or is refused
   * (409): a closed fault's record stays as it was closed. The task's fields and version do not
   * change (someone editing it is not refused for it); its live event tells every screen to read
   * it again.
   */
  async add(actor: Actor, taskId: string, text: string): Promise<AddedReport> {
    if (!isRecordId(taskId)) throw new ServiceError('NOT_FOUND', 'This task is not in the list.');
    const { report, task, parts } = await this.dataSource.transaction(async (manager) => {
      const current = await manager.findOne(TaskEntity, {
        where: { id: taskId, deletedAt: IsNull() },
        lock: { mode: 'pessimistic_write' },
      });
      // Clinical staff add to the reports of their ward's devices only.
      if (!current || !withinWard(wardLimit(actor), current.equipmentDepartment))
        throw new ServiceError('NOT_FOUND', 'This task is not in the list.');
      const refusal = addToReportRefusal(current);
      if (refusal) throw new ServiceError('CONFLICT', refusal);
      const saved = await manager.save(
        manager.create(AddedReportEntity, {
          taskId: current.id,
          text,
          reportedById: actor._id || null,
          reportedByName: actor.name,
        }),
      );
      const created = await manager.findOneByOrFail(AddedReportEntity, { id: saved.id });
      await auditTask(manager, actor, current, 'report-added', { addedReport: { from: null, to: text } });
      const taskParts = await manager.find(SparePartEntity, {
        where: { taskId: current.id },
        order: { position: 'ASC' },
      });
      return { report: created, task: current, parts: taskParts };
    });
    await this.events.updated({ task: toTaskDto(task, parts) });
    return toAddedReport(report);
  }
}
