import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FailedSafetyTestRow, ReportRowsPage, ReportScope, SafetyTestFigures } from '@caliber/contracts';
import { keysetPage, ReportSql, type KeysetOrder, type PageRequest } from '@caliber/service-kit';
import type { DataSource } from 'typeorm';
import { MAINTENANCE_SCHEMA } from '../database';
import { planDueSql } from './safety-due.sql';

const SAFETY_TESTS = `"${MAINTENANCE_SCHEMA}"."safety_tests"`;
const PLANS = `"${MAINTENANCE_SCHEMA}"."pm_plans"`;
const TASKS = `"${MAINTENANCE_SCHEMA}"."tasks"`;

interface FailedJson extends Record<string, unknown> {
  id: string;
  tested_on: string;
  equipment_name: string;
  equipment_serial: string;
  equipment_department: string;
  failed: string[];
  repair_task_id: string | null;
  repair_title: string | null;
  repair_status: string | null;
}

const OLDEST_FIRST: KeysetOrder = { columns: ['tested_on', 'id'], types: ['date', 'uuid'] };

/**
 * The compliance audit's safety-test figures: the tests taken in the period (by their test date
 * on the hospital's calendar) in the scope's places as each test recorded its device, and the
 * devices with an active Safety Testing plan whose next test is past due today. Everyone reads
 * safety tests, so a Technician's report holds the same figures as anyone's.
 */
@Injectable()
export class SafetyReportService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async figures(scope: ReportScope): Promise<SafetyTestFigures> {
    const sql = new ReportSql(scope);
    const places = sql.places('s."equipment_department"', 's."equipment_category"');
    const planPlaces = sql.places('p."equipment_department"', 'p."equipment_category"');
    const [row] = (await this.dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM ${SAFETY_TESTS} s
           WHERE s."tested_on" BETWEEN ${sql.fromDate} AND ${sql.toDate} AND ${places}) AS "tests",
         (SELECT count(*)::int FROM ${SAFETY_TESTS} s
           WHERE s."tested_on" BETWEEN ${sql.fromDate} AND ${sql.toDate} AND ${places} AND s."result" = 'Pass') AS "passed",
         (SELECT count(DISTINCT p."equipment_id")::int FROM ${PLANS} p
           WHERE p."retired_at" IS NULL AND p."pm_type" = 'Safety Testing' AND ${planPlaces}
             AND ${planDueSql('p')} < ${sql.today}) AS "overdue"`,
      sql.params,
    )) as [{ tests: number; passed: number; overdue: number }];
    return {
      tests: row.tests,
      passed: row.passed,
      failed: row.tests - row.passed,
      overdueDevices: row.overdue,
    };
  }

  /** The period's failed tests, oldest first, with what failed and the Repair task it opened. */
  failed(scope: ReportScope, page: PageRequest): Promise<ReportRowsPage<FailedSafetyTestRow>> {
    const sql = new ReportSql(scope);
    return keysetPage<FailedJson, FailedSafetyTestRow>(
      this.dataSource,
      sql,
      `WITH list AS (
         SELECT s."id", s."tested_on", s."equipment_name", s."equipment_serial", s."equipment_department",
                s."failed", s."repair_task_id", t."title" AS "repair_title", t."status" AS "repair_status"
           FROM ${SAFETY_TESTS} s LEFT JOIN ${TASKS} t ON t."id" = s."repair_task_id"
          WHERE s."result" = 'Fail' AND s."tested_on" BETWEEN ${sql.fromDate} AND ${sql.toDate}
            AND ${sql.places('s."equipment_department"', 's."equipment_category"')})`,
      OLDEST_FIRST,
      page,
      (row) => ({
        testId: row.id,
        equipmentName: row.equipment_name,
        serialNumber: row.equipment_serial,
        department: row.equipment_department,
        testedOn: row.tested_on,
        failed: row.failed,
        repairTaskId: row.repair_task_id,
        repairTaskTitle: row.repair_title,
        repairTaskStatus: row.repair_status,
      }),
    );
  }
}
