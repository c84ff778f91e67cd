import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DigestDepartmentAnswer, DigestDepartmentQuery, DigestList } from '@caliber/contracts';
import type { DataSource } from 'typeorm';
import { EquipmentDashboardService } from '../dashboard/dashboard.service';

const ITEMS = `"equipment"."equipment"`;
const ACTIONS = `"equipment"."recall_actions"`;
const NOTICES = `"equipment"."recall_notices"`;

interface ListJson {
  total: number;
  rows: { id: string; title: string; detail: string }[];
}

const listOf = (list: ListJson): DigestList => ({ total: list.total, rows: list.rows });

/**
 * The weekly digest's part of equipment: a department's live devices out of service
 * (Unserviceable or Under Maintenance) and the open recall actions on its devices, each the first
 * `limit` rows and the total; with the dashboard's own equipment figures when asked, computed by
 * the dashboard's service (never a second copy of a count).
 */
@Injectable()
export class DigestDepartmentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly dashboard: EquipmentDashboardService,
  ) {}

  async digest(request: DigestDepartmentQuery, at: Date = new Date()): Promise<DigestDepartmentAnswer> {
    const outOfService = `e."deleted_at" IS NULL AND e."department" = $1 AND e."status" IN ('Unserviceable', 'Under Maintenance')`;
    const openAction = `a."state" = 'open' AND e."deleted_at" IS NULL AND e."department" = $1`;
    const [answer] = (await this.dataSource.query(
      `SELECT
         json_build_object(
           'total', (SELECT count(*)::int FROM ${ITEMS} e WHERE ${outOfService}),
           'rows', (SELECT COALESCE(json_agg(r), '[]'::json) FROM (
              SELECT e."id", e."name" AS "title",
                     'SN ' || e."serial_number" || ', ' || e."location" || ': ' || e."status" AS "detail"
                FROM ${ITEMS} e WHERE ${outOfService}
               ORDER BY e."updated_at" DESC, e."id" LIMIT $2) r)) AS "outOfService",
         json_build_object(
           'total', (SELECT count(*)::int FROM ${ACTIONS} a JOIN ${ITEMS} e ON e."id" = a."equipment_id" WHERE ${openAction}),
           'rows', (SELECT COALESCE(json_agg(r), '[]'::json) FROM (
              SELECT n."id", n."title",
                     e."name" || ' (SN ' || e."serial_number" || '), ' || n."source_reference" AS "detail"
                FROM ${ACTIONS} a JOIN ${ITEMS} e ON e."id" = a."equipment_id" JOIN ${NOTICES} n ON n."id" = a."recall_id"
               WHERE ${openAction}
               ORDER BY a."found_at", a."id" LIMIT $2) r)) AS "recallActions"`,
      [request.department, request.limit],
    )) as [{ outOfService: ListJson; recallActions: ListJson }];
    return {
      outOfService: listOf(answer.outOfService),
      recallActions: listOf(answer.recallActions),
      figures: request.figures ? await this.dashboard.figures(at) : null,
    };
  }
}
