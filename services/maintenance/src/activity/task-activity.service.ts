import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ActivityChange,
  ChangeFeedPage,
  SafetyResult,
  TaskPriority,
  TaskStatus,
  TaskType,
} from '@caliber/contracts';
import {
  activityFeedPage,
  auditActivityScanParams,
  auditActivityScanSql,
  auditEntityUuidSql,
  type ActivitySnapshot,
  type AuditActivityRow,
} from '@caliber/service-kit';
import { DataSource } from 'typeorm';
import { MAINTENANCE_SCHEMA } from '../database';

interface ActivityRow extends AuditActivityRow {
  task_id: string | null;
  task_title: string;
  task_type: TaskType;
  task_priority: TaskPriority;
  task_status: TaskStatus;
  task_reported_by_id: string | null;
  task_assignee_id: string | null;
  task_assignee_name: string | null;
  task_needs_certification: boolean;
  task_certified: boolean;
  task_equipment_id: string;
  task_device_name: string;
  task_serial_number: string;
  task_department: string;
  task_high_risk: boolean;
  task_life_support: boolean;
  test_id: string | null;
  test_result: SafetyResult;
  test_equipment_id: string;
  test_device_name: string;
  test_serial_number: string;
  test_department: string;
}

/**
 * One statement per page: the scanned audit rows (`auditActivityScanSql`), each joined to the task
 * or safety test it is about as it stands now.
 * - The device's name, serial and department are those the task (or test) keeps, which renames on
 *   the hospital lists reach; its risk flags come from this service's copy of the inventory's
 *   (`device_risk`, followed by `DeviceRiskReplica`), false for a device never assessed.
 * - Who reported a task: the reporter of a fault, else whoever created it. A PM occurrence is the
 *   schedule's work whoever's action made it (the plan's author, or the engineer who certified the
 *   previous one), so it has none.
 * - A task deleted since (tasks are only ever marked deleted) is not joined: its rows are carried
 *   without `task`. Nobody is told of changes to a task no list shows any more; its `deleted` row
 *   itself still says in `changes` who had it and who reported it.
 */
const ACTIVITY_SQL = `
  SELECT a.*,
         t."id" AS "task_id", t."title" AS "task_title", t."task_type", t."priority" AS "task_priority",
         t."status" AS "task_status",
         coalesce(t."reported_by_id", CASE WHEN t."plan_id" IS NULL THEN t."created_by_id" END) AS "task_reported_by_id",
         t."assigned_to_id" AS "task_assignee_id", t."assigned_to_name" AS "task_assignee_name", t."needs_certification" AS "task_needs_certification",
         t."certified" AS "task_certified", t."equipment_id" AS "task_equipment_id",
         t."equipment_name" AS "task_device_name", t."equipment_serial" AS "task_serial_number",
         t."equipment_department" AS "task_department",
         coalesce(r."high_risk", false) AS "task_high_risk", coalesce(r."life_support", false) AS "task_life_support",
         st."id" AS "test_id", st."result" AS "test_result", st."equipment_id" AS "test_equipment_id",
         st."equipment_name" AS "test_device_name", st."equipment_serial" AS "test_serial_number",
         st."equipment_department" AS "test_department"
    FROM (${auditActivityScanSql(MAINTENANCE_SCHEMA)}) a
    LEFT JOIN "${MAINTENANCE_SCHEMA}"."tasks" t
           ON a."within" AND t."id" = ${auditEntityUuidSql('task')} AND t."deleted_at" IS NULL
    LEFT JOIN "${MAINTENANCE_SCHEMA}"."device_risk" r ON r."equipment_id" = t."equipment_id"
    LEFT JOIN "${MAINTENANCE_SCHEMA}"."safety_tests" st
           ON a."within" AND st."id" = ${auditEntityUuidSql('safety-test')}
   ORDER BY a."seq_num"`;

function snapshotOf(row: ActivityRow): ActivitySnapshot | null {
  if (row.entity === 'task')
    return row.task_id === null
      ? {}
      : {
          task: {
            id: row.task_id,
            title: row.task_title,
            type: row.task_type,
            priority: row.task_priority,
            status: row.task_status,
            reportedById: row.task_reported_by_id,
            assigneeId: row.task_assignee_id,
            assigneeName: row.task_assignee_name,
            needsCertification: row.task_needs_certification,
            certified: row.task_certified,
            equipmentId: row.task_equipment_id,
            deviceName: row.task_device_name,
            serialNumber: row.task_serial_number,
            department: row.task_department,
            highRisk: row.task_high_risk,
            lifeSupport: row.task_life_support,
          },
        };
  if (row.entity === 'safety-test')
    return row.test_id === null
      ? {}
      : {
          safetyTest: {
            id: row.test_id,
            passed: row.test_result === 'Pass',
            equipmentId: row.test_equipment_id,
            deviceName: row.test_device_name,
            serialNumber: row.test_serial_number,
            department: row.test_department,
          },
        };
  return null;
}

/**
 * Maintenance's activity feed for the notifying service: the audit rows of tasks and safety tests
 * after a position of the audit chain, each with its task or test as it now stands
 * (`activityFeedPage`). Rows of other entities (PM plans…) are passed over: `last` moves past them.
 */
@Injectable()
export class TaskActivityService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async changes(after: string, limit: number): Promise<ChangeFeedPage<ActivityChange>> {
    const rows: ActivityRow[] = await this.dataSource.query(
      ACTIVITY_SQL,
      auditActivityScanParams(after, limit),
    );
    return activityFeedPage(rows, limit, after, snapshotOf);
  }
}
