import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ReportRequest, ReportScheduleDto, ReportScheduleFrequency } from '@caliber/contracts';
import { writeAudit } from '@caliber/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReportOwner } from '../jobs/report-jobs.repository';

interface ScheduleRow {
  id: string;
  owner_id: string;
  owner_name: string;
  owner_role: string;
  owner_service_number: string;
  request: ReportRequest;
  frequency: ReportScheduleFrequency;
  email_to: string | null;
  created_at: Date;
  last_run_at: Date | null;
  cancelled_at: Date | null;
}

/** A live schedule as the worker reads it when its turn comes. */
export interface StoredSchedule {
  id: string;
  owner: ReportOwner;
  request: ReportRequest;
  frequency: ReportScheduleFrequency;
  emailTo: string | null;
}

const TABLE = '"reports"."report_schedules"';

/** Report schedules in PostgreSQL; BullMQ's job scheduler only says when each one's turn comes. */
@Injectable()
export class ReportSchedulesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(manager: EntityManager, owner: ReportOwner, request: ReportRequest): Promise<{ id: string }> {
    const rows = (await manager.query(
      `INSERT INTO ${TABLE} ("owner_id", "owner_name", "owner_role", "owner_service_number", "request",
         "frequency", "email_to")
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING "id"`,
      [
        owner.id,
        owner.name.slice(0, 120),
        owner.role.slice(0, 20),
        owner.serviceNumber.slice(0, 32),
        JSON.stringify(request),
        request.options.schedule.frequency,
        request.options.delivery.email,
      ],
    )) as { id: string }[];
    const row = rows[0];
    if (!row) throw new Error('INSERT … RETURNING answered no row');
    return row;
  }

  /** How many live schedules a person keeps (their limit; counted under `ReportJobsRepository.lockOwner`). */
  async liveCount(manager: EntityManager, ownerId: string): Promise<number> {
    const rows = (await manager.query(
      `SELECT count(*)::int AS "live" FROM ${TABLE} WHERE "owner_id" = $1 AND "cancelled_at" IS NULL`,
      [ownerId],
    )) as { live: number }[];
    return rows[0]?.live ?? 0;
  }

  /** A schedule that has not been cancelled. */
  async live(id: string): Promise<StoredSchedule | null> {
    const rows = (await this.dataSource.query(
      `SELECT * FROM ${TABLE} WHERE "id" = $1 AND "cancelled_at" IS NULL`,
      [id],
    )) as ScheduleRow[];
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      owner: {
        id: row.owner_id,
        name: row.owner_name,
        role: row.owner_role,
        serviceNumber: row.owner_service_number,
      },
      request: row.request,
      frequency: row.frequency,
      emailTo: row.email_to,
    };
  }

  async ownerOf(id: string): Promise<{ ownerId: string; cancelled: boolean } | null> {
    const rows = (await this.dataSource.query(
      `SELECT "owner_id", "cancelled_at" FROM ${TABLE} WHERE "id" = $1`,
      [id],
    )) as Pick<ScheduleRow, 'owner_id' | 'cancelled_at'>[];
    const row = rows[0];
    return row ? { ownerId: row.owner_id, cancelled: row.cancelled_at !== null } : null;
  }

  /** Live schedules, oldest first: one person's, or everyone's (`ownerId` null). At most 200. */
  async list(ownerId: string | null): Promise<Omit<ReportScheduleDto, 'nextRunAt'>[]> {
    const rows = (await this.dataSource.query(
      `SELECT * FROM ${TABLE} WHERE "cancelled_at" IS NULL ${ownerId ? 'AND "owner_id" = $1' : ''}
       ORDER BY "created_at", "id" LIMIT 200`,
      ownerId ? [ownerId] : [],
    )) as ScheduleRow[];
    return rows.map((row) => ({
      _id: row.id,
      reports: row.request.reports,
      format: row.request.options.format,
      frequency: row.frequency,
      departments: row.request.filters.departments,
      categories: row.request.filters.categories,
      emailTo: row.email_to,
      owner: { _id: row.owner_id, name: row.owner_name },
      lastRunAt: row.last_run_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
    }));
  }

  async cancel(manager: EntityManager, id: string, byName: string): Promise<boolean> {
    const [, count] = (await manager.query(
      `UPDATE ${TABLE} SET "cancelled_at" = now(), "cancelled_by_name" = $2 WHERE "id" = $1 AND "cancelled_at" IS NULL`,
      [id, byName.slice(0, 120)],
    )) as [unknown[], number];
    return count > 0;
  }

  /** Every live schedule's id and frequency (the workers' check that each has its job scheduler). */
  async allLive(): Promise<{ id: string; frequency: ReportScheduleFrequency }[]> {
    return (await this.dataSource.query(
      `SELECT "id", "frequency" FROM ${TABLE} WHERE "cancelled_at" IS NULL ORDER BY "created_at"`,
    )) as { id: string; frequency: ReportScheduleFrequency }[];
  }

  /** Ends a schedule whose owner may no longer receive reports, with an audit row saying why. */
  async endForOwner(id: string, why: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.cancel(manager, id, 'Reports service'))) return;
      await writeAudit(manager, {
        actor: { id: null, label: 'report-schedule', service: 'reports' },
        entity: 'report-schedule',
        entityId: id,
        action: 'cancelled',
        changes: { reason: { from: null, to: why } },
      });
    });
  }

  async ran(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE ${TABLE} SET "last_run_at" = now() WHERE "id" = $1`, [id]);
  }
}
