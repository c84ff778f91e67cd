import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  AwaitingCertificationRow,
  CertificationFigures,
  ReportRowsPage,
  ReportScope,
  StaffPerformanceRow,
  TaskType,
} from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import {
  hours,
  isoOf,
  keysetPage,
  ReportSql,
  type KeysetOrder,
  type PageRequest,
} from '@caliber/service-kit';
import {
  completedIn,
  createdIn,
  HOURS_TO_COMPLETE,
  onTime,
  taskScope,
  TASKS,
  type TaskOwner,
} from './task-filter';

interface StaffJson extends Record<string, unknown> {
  id: string;
  name: string;
  assigned: number;
  completed: number;
  on_time: number;
  late: number;
  mean_hours: number | null;
  awaiting: number;
}

interface AwaitingJson extends Record<string, unknown> {
  id: string;
  title: string;
  task_type: TaskType;
  equipment_name: string;
  equipment_serial: string;
  equipment_department: string;
  completed_date: string;
  days: number;
  assigned_to_name: string | null;
}

interface CertificationJson {
  awaiting: number;
  certified: number;
  by_engineer: { engineer_id: string | null; name: string; certified: number }[] | null;
}

const BY_NAME: KeysetOrder = { columns: ['name', 'id'], types: ['text', 'uuid'] };
const LONGEST_WAITING_FIRST: KeysetOrder = {
  columns: ['completed_date', 'id'],
  types: ['timestamptz', 'uuid'],
};

/** Awaiting an engineer's certification now: completed, and marked as needing it (certifying clears the mark). */
const AWAITING = `(t."status" = 'Completed' AND t."needs_certification")`;

/** Each person's work in the period, and the engineers' certification of it. */
@Injectable()
export class StaffReportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One row per person with tasks assigned to them now that were created or completed in the
   * period, by name. A person is named as their newest task names them. `staffId` narrows to one
   * person; their awaiting certification counts the work they completed in the period that no
   * engineer has certified yet.
   */
  staff(
    scope: ReportScope,
    owner: TaskOwner,
    page: PageRequest,
  ): Promise<ReportRowsPage<StaffPerformanceRow>> {
    const sql = new ReportSql(scope);
    const person = scope.staffId ? ` AND t."assigned_to_id" = ${sql.bind(scope.staffId)}::uuid` : '';
    const completed = completedIn(sql);
    return keysetPage<StaffJson, StaffPerformanceRow>(
      this.dataSource,
      sql,
      `WITH list AS (
         SELECT t."assigned_to_id" AS "id",
                COALESCE((array_agg(t."assigned_to_name" ORDER BY t."updated_at" DESC, t."id")
                            FILTER (WHERE t."assigned_to_name" IS NOT NULL))[1], '') AS "name",
                (count(*) FILTER (WHERE ${createdIn(sql)}))::int AS "assigned",
                (count(*) FILTER (WHERE ${completed}))::int AS "completed",
                (count(*) FILTER (WHERE ${completed} AND ${onTime(sql)}))::int AS "on_time",
                (count(*) FILTER (WHERE ${completed} AND NOT ${onTime(sql)}))::int AS "late",
                avg(${HOURS_TO_COMPLETE}) FILTER (WHERE ${completed}) AS "mean_hours",
                (count(*) FILTER (WHERE ${completed} AND ${AWAITING}))::int AS "awaiting"
           FROM ${TASKS} t
          WHERE ${taskScope(sql, owner)}${person} AND t."assigned_to_id" IS NOT NULL
            AND (${createdIn(sql)} OR ${completed})
          GROUP BY t."assigned_to_id")`,
      BY_NAME,
      page,
      (row) => ({
        userId: row.id,
        name: row.name,
        assigned: row.assigned,
        completed: row.completed,
        onTime: row.on_time,
        late: row.late,
        meanHoursToComplete: row.mean_hours === null ? null : hours(row.mean_hours),
        awaitingCertification: row.awaiting,
      }),
    );
  }

  /** Work awaiting certification now, and certifications given in the period by engineer (most first). */
  async certification(scope: ReportScope, owner: TaskOwner): Promise<CertificationFigures> {
    const sql = new ReportSql(scope);
    const tasks = `${TASKS} t WHERE ${taskScope(sql, owner)}`;
    const certified = `t."certified_at" >= ${sql.start} AND t."certified_at" < ${sql.stop}`;
    const [answer] = (await this.dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM ${tasks} AND ${AWAITING}) AS "awaiting",
         (SELECT count(*)::int FROM ${tasks} AND ${certified}) AS "certified",
         (SELECT json_agg(e ORDER BY e."certified" DESC, e."name", e."engineer_id") FROM (
            SELECT t."certified_by_id" AS "engineer_id",
                   COALESCE((array_agg(t."certified_by_name" ORDER BY t."certified_at" DESC)
                               FILTER (WHERE t."certified_by_name" IS NOT NULL))[1], '') AS "name",
                   count(*)::int AS "certified"
              FROM ${tasks} AND ${certified}
             GROUP BY t."certified_by_id") e) AS "by_engineer"`,
      sql.params,
    )) as [CertificationJson];
    return {
      awaiting: answer.awaiting,
      certified: answer.certified,
      byEngineer: (answer.by_engineer ?? []).map((row) => ({
        engineerId: row.engineer_id,
        name: row.name,
        certified: row.certified,
      })),
    };
  }

  /** Work awaiting certification now, longest waiting first. */
  awaiting(
    scope: ReportScope,
    owner: TaskOwner,
    page: PageRequest,
  ): Promise<ReportRowsPage<AwaitingCertificationRow>> {
    const sql = new ReportSql(scope);
    return keysetPage<AwaitingJson, AwaitingCertificationRow>(
      this.dataSource,
      sql,
      `WITH list AS (
         SELECT t."id", t."title", t."task_type", t."equipment_name", t."equipment_serial", t."equipment_department",
                t."completed_date", ${sql.today} - (t."completed_date" AT TIME ZONE ${sql.zone})::date AS "days",
                t."assigned_to_name"
           FROM ${TASKS} t
          WHERE ${taskScope(sql, owner)} AND ${AWAITING})`,
      LONGEST_WAITING_FIRST,
      page,
      (row) => ({
        taskId: row.id,
        title: row.title,
        taskType: row.task_type,
        equipmentName: row.equipment_name,
        serialNumber: row.equipment_serial,
        department: row.equipment_department,
        completedDate: isoOf(row.completed_date),
        daysWaiting: row.days,
        assignedTo: row.assigned_to_name,
      }),
    );
  }
}
