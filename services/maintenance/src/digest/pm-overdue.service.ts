import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OverduePm, PmBecameOverduePage, PmBecameOverdueQuery } from '@caliber/contracts';
import type { DataSource } from 'typeorm';

interface Row {
  id: string;
  title: string;
  assigned_to_id: string;
  due_date: string;
  equipment_name: string;
  equipment_serial: string;
  equipment_department: string;
}

/**
 * The PM occurrences that became overdue on a date: Preventive tasks assigned to someone, neither
 * completed nor cancelled, due the day before (overdue is "due before the hospital's today", so
 * such a task turned overdue when that date began). Paged by id.
 */
@Injectable()
export class PmOverdueService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async becameOverdue(query: PmBecameOverdueQuery): Promise<PmBecameOverduePage> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT t."id", t."title", t."assigned_to_id", t."due_date"::text AS "due_date",
              t."equipment_name", t."equipment_serial", t."equipment_department"
         FROM "maintenance"."tasks" t
        WHERE t."deleted_at" IS NULL AND t."task_type" = 'Preventive' AND t."assigned_to_id" IS NOT NULL
          AND t."status" NOT IN ('Completed', 'Cancelled') AND t."due_date" = $1::date - 1
          AND ($2::uuid IS NULL OR t."id" > $2::uuid)
        ORDER BY t."id" LIMIT $3`,
      [query.date, query.after ?? null, query.limit + 1],
    );
    const page = rows.slice(0, query.limit);
    return {
      tasks: page.map((row): OverduePm => ({
        id: row.id,
        title: row.title,
        assigneeId: row.assigned_to_id,
        dueDate: row.due_date,
        deviceName: row.equipment_name,
        serialNumber: row.equipment_serial,
        department: row.equipment_department,
      })),
      next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }
}
