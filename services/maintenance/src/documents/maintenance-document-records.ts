import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  canSeeTask,
  hasFullAccess,
  isClinical,
  isRecordId,
  isStaff,
  roleIs,
  TARGET_PURPOSES,
  type Actor,
  type DocumentDto,
  type DocumentPurpose,
  type DocumentTargetRef,
} from '@caliber/contracts';
import { ServiceError, type ShelfRecord } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';

const NO_TASK = 'This task is not in the list.';
const NO_TEST = 'This safety test is not on record.';

/**
 * Which records of the maintenance service a document request is about, and whether the person
 * may read them or add to them:
 * - a task: whoever may follow it (its assignee, its reporter and those who added to its report,
 *   and the roles that see every task) reads its photos and reports; those of them who are not
 *   Managers add to them (clinical staff add photos of the fault they reported);
 * - a safety test: the department's staff read its printout; Engineers and Admins, who record
 *   tests, add it.
 * A record the person may not read is answered as one that does not exist.
 */
@Injectable()
export class MaintenanceDocumentRecords {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async readable(actor: Actor, ref: DocumentTargetRef): Promise<ShelfRecord[]> {
    if (ref.target === 'task') {
      const task = await this.findTask(actor, ref.id);
      return [{ target: 'task', targetId: task.id, equipmentId: task.equipmentId }];
    }
    if (ref.target === 'safety-test') {
      const test = await this.findTest(actor, ref.id);
      return [{ target: 'safety-test', targetId: test.id, equipmentId: test.equipmentId }];
    }
    throw new ServiceError('NOT_FOUND', 'The maintenance service keeps no such record.');
  }

  async forAdding(actor: Actor, ref: DocumentTargetRef, purpose: DocumentPurpose): Promise<ShelfRecord> {
    const [record] = await this.readable(actor, ref);
    if (!record) throw new ServiceError('NOT_FOUND', NO_TASK);
    if (record.target === 'safety-test') {
      if (!hasFullAccess(actor.role))
        throw new ServiceError('FORBIDDEN', "Only Engineers and Admins may add a safety test's printout.");
    } else if (roleIs(actor.role, 'Manager')) {
      throw new ServiceError(
        'FORBIDDEN',
        'Managers read the photos and reports of a task; they do not add them.',
      );
    } else if (isClinical(actor.role) && purpose !== 'photo') {
      throw new ServiceError('FORBIDDEN', 'Clinical staff add photos of the fault they reported.');
    }
    const allowed = TARGET_PURPOSES[record.target];
    if (!allowed.includes(purpose))
      throw new ServiceError(
        'VALIDATION_FAILED',
        `A ${record.target === 'task' ? 'task' : 'safety test'} takes ${allowed.join(', ')} documents, not ${purpose}.`,
      );
    return record;
  }

  /** Who added a document removes it, or an Engineer or Admin. */
  mayRemove(actor: Actor, document: DocumentDto): boolean {
    return hasFullAccess(actor.role) || (actor._id !== '' && document.addedById === actor._id);
  }

  private async findTask(actor: Actor, id: string): Promise<{ id: string; equipmentId: string }> {
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NO_TASK);
    const [task] = (await this.dataSource.query(
      `SELECT t."id", t."equipment_id" AS "equipmentId", t."assigned_to_id" AS "assignedToId",
              t."reported_by_id" AS "reportedById",
              EXISTS (SELECT 1 FROM "maintenance"."added_reports" a
                       WHERE a."task_id" = t."id" AND a."reported_by_id" = $2) AS "addedToReport"
         FROM "maintenance"."tasks" t
        WHERE t."id" = $1 AND t."deleted_at" IS NULL`,
      [id, actor._id || null],
    )) as {
      id: string;
      equipmentId: string;
      assignedToId: string | null;
      reportedById: string | null;
      addedToReport: boolean;
    }[];
    // A Technician is told the same of someone else's task as of one that does not exist.
    if (!task || !canSeeTask(actor, task, task.addedToReport)) throw new ServiceError('NOT_FOUND', NO_TASK);
    return task;
  }

  private async findTest(actor: Actor, id: string): Promise<{ id: string; equipmentId: string }> {
    if (!isStaff(actor.role)) throw new ServiceError('NOT_FOUND', NO_TEST);
    if (!isRecordId(id)) throw new ServiceError('NOT_FOUND', NO_TEST);
    const [test] = (await this.dataSource.query(
      `SELECT "id", "equipment_id" AS "equipmentId" FROM "maintenance"."safety_tests" WHERE "id" = $1`,
      [id],
    )) as { id: string; equipmentId: string }[];
    if (!test) throw new ServiceError('NOT_FOUND', NO_TEST);
    return test;
  }
}
