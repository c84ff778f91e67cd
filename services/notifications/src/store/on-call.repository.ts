import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  MAX_ON_CALL_SHIFTS_AHEAD,
  ON_CALL_KEPT_DAYS,
  type Actor,
  type CoveringEngineer,
  type DepartmentCover,
  type DepartmentCoverQuery,
  type OnCallShift,
} from '@caliber/contracts';
import { auditActorOf, ServiceError, writeAudit } from '@caliber/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { CoverReader, DepartmentCover as CoverIds } from '../rules/planner';

interface ShiftRow {
  id: string;
  department: string;
  engineer_id: string;
  engineer_name: string;
  starts_at: Date;
  ends_at: Date;
}

/** An engineer as saved on the rota: the id paged, the name shown. */
export interface NamedEngineer {
  id: string;
  name: string;
}

const shiftOf = (row: ShiftRow): OnCallShift => ({
  id: row.id,
  department: row.department,
  engineerId: row.engineer_id,
  engineerName: row.engineer_name,
  from: row.starts_at.toISOString(),
  to: row.ends_at.toISOString(),
});

const SHIFT_COLUMNS = `"id", "department", "engineer_id", "engineer_name", "starts_at", "ends_at"`;

/**
 * Who covers which department: its covering engineers and its on-call rota. Every change is
 * written with its audit row in one transaction (hospital data: who was meant to be paged, when).
 */
@Injectable()
export class OnCallRepository implements CoverReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Who is on call for the department at `at` (overlapping shifts: all of them), and who covers it. */
  async coverOf(department: string, at: Date): Promise<CoverIds> {
    const onCall: { engineer_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT "engineer_id" FROM "notifications"."on_call_shifts"
        WHERE "department" = $1 AND "starts_at" <= $2 AND "ends_at" > $2
        ORDER BY "engineer_id" LIMIT $3`,
      [department, at, MAX_ON_CALL_SHIFTS_AHEAD],
    );
    return { onCall: onCall.map((row) => row.engineer_id), covering: await this.coveringIds(department) };
  }

  private async coveringIds(department: string): Promise<string[]> {
    const rows: { engineer_id: string }[] = await this.dataSource.query(
      `SELECT "engineer_id" FROM "notifications"."covering_engineers" WHERE "department" = $1
        ORDER BY "engineer_name", "engineer_id"`,
      [department],
    );
    return rows.map((row) => row.engineer_id);
  }

  async cover(query: DepartmentCoverQuery, now: Date): Promise<DepartmentCover> {
    const { department } = query;
    const covering: { engineer_id: string; engineer_name: string }[] = await this.dataSource.query(
      `SELECT "engineer_id", "engineer_name" FROM "notifications"."covering_engineers" WHERE "department" = $1
        ORDER BY "engineer_name", "engineer_id"`,
      [department],
    );
    const [{ total }]: [{ total: number }] = await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM "notifications"."on_call_shifts" WHERE "department" = $1 AND "ends_at" > $2`,
      [department, now],
    );
    const shifts: ShiftRow[] = await this.dataSource.query(
      `SELECT ${SHIFT_COLUMNS} FROM "notifications"."on_call_shifts" WHERE "department" = $1 AND "ends_at" > $2
        ORDER BY "starts_at", "ends_at", "id" LIMIT $3 OFFSET $4`,
      [department, now, query.limit, (query.page - 1) * query.limit],
    );
    const onCallNow: ShiftRow[] = await this.dataSource.query(
      `SELECT ${SHIFT_COLUMNS} FROM "notifications"."on_call_shifts"
        WHERE "department" = $1 AND "starts_at" <= $2 AND "ends_at" > $2
        ORDER BY "starts_at", "id" LIMIT $3`,
      [department, now, MAX_ON_CALL_SHIFTS_AHEAD],
    );
    const [next]: ShiftRow[] = await this.dataSource.query(
      `SELECT ${SHIFT_COLUMNS} FROM "notifications"."on_call_shifts" WHERE "department" = $1 AND "starts_at" > $2
        ORDER BY "starts_at", "id" LIMIT 1`,
      [department, now],
    );
    return {
      department,
      covering: covering.map((row): CoveringEngineer => ({
        engineerId: row.engineer_id,
        engineerName: row.engineer_name,
      })),
      onCallNow: onCallNow.map(shiftOf),
      next: next ? shiftOf(next) : null,
      shifts: shifts.map(shiftOf),
      total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / query.limit)),
      limit: query.limit,
    };
  }

  /** Replaces the department's covering engineers; audited as the list before and after. */
  async setCovering(actor: Actor, department: string, engineers: readonly NamedEngineer[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockDepartment(manager, department);
      // A DELETE's answer is its rows and their count.
      const [before]: [{ engineer_id: string }[], number] = await manager.query(
        `DELETE FROM "notifications"."covering_engineers" WHERE "department" = $1 RETURNING "engineer_id"`,
        [department],
      );
      for (const engineer of engineers)
        await manager.query(
          `INSERT INTO "notifications"."covering_engineers" ("department", "engineer_id", "engineer_name")
           VALUES ($1, $2, $3)`,
          [department, engineer.id, engineer.name.slice(0, 120)],
        );
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'covering_engineers',
        entityId: department.slice(0, 100),
        action: 'update',
        changes: {
          engineerIds: { from: before.map((row) => row.engineer_id).sort(), to: engineers.map((e) => e.id) },
        },
      });
    });
  }

  /**
   * Adds a shift, refusing one past the bound of shifts ahead; shifts ended more than
   * `ON_CALL_KEPT_DAYS` ago are removed in the same transaction.
   */
  async addShift(
    actor: Actor,
    shift: { department: string; engineer: NamedEngineer; from: Date; to: Date },
    now: Date,
  ): Promise<OnCallShift> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockDepartment(manager, shift.department);
      await manager.query(
        `DELETE FROM "notifications"."on_call_shifts" WHERE "ends_at" < $1::timestamptz - make_interval(days => $2)`,
        [now, ON_CALL_KEPT_DAYS],
      );
      const [{ ahead }]: [{ ahead: number }] = await manager.query(
        `SELECT count(*)::int AS "ahead" FROM "notifications"."on_call_shifts" WHERE "department" = $1 AND "ends_at" > $2`,
        [shift.department, now],
      );
      if (ahead >= MAX_ON_CALL_SHIFTS_AHEAD)
        throw ServiceError.validation([
          {
            path: 'department',
            message: `${shift.department} has ${MAX_ON_CALL_SHIFTS_AHEAD} shifts ahead already: remove some before adding more.`,
          },
        ]);
      const [row]: ShiftRow[] = await manager.query(
        `INSERT INTO "notifications"."on_call_shifts" ("department", "engineer_id", "engineer_name", "starts_at", "ends_at")
         VALUES ($1, $2, $3, $4, $5) RETURNING ${SHIFT_COLUMNS}`,
        [shift.department, shift.engineer.id, shift.engineer.name.slice(0, 120), shift.from, shift.to],
      );
      if (!row) throw new Error('The shift was not written.');
      const added = shiftOf(row);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'on_call_shift',
        entityId: added.id,
        action: 'create',
        changes: {
          department: { from: null, to: added.department },
          engineerId: { from: null, to: added.engineerId },
          from: { from: null, to: added.from },
          to: { from: null, to: added.to },
        },
      });
      return added;
    });
  }

  async removeShift(actor: Actor, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [[row]]: [ShiftRow[], number] = await manager.query(
        `DELETE FROM "notifications"."on_call_shifts" WHERE "id" = $1 RETURNING ${SHIFT_COLUMNS}`,
        [id],
      );
      if (!row) throw new ServiceError('NOT_FOUND', 'No such on-call shift.');
      const removed = shiftOf(row);
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'on_call_shift',
        entityId: removed.id,
        action: 'delete',
        changes: {
          department: { from: removed.department, to: null },
          engineerId: { from: removed.engineerId, to: null },
          from: { from: removed.from, to: null },
          to: { from: removed.to, to: null },
        },
      });
    });
  }

  /** Two Admins changing one department's cover at once take turns (the bound holds). */
  private async lockDepartment(manager: EntityManager, department: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('on-call:' || $1))`, [department]);
  }
}
