import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  REPORT_FILE_CHUNK_BYTES,
  type ActingUser,
  type ReportFilters,
  type ReportFormat,
  type ReportJobDto,
  type ReportJobState,
  type ReportOptions,
  type ReportType,
} from '@caliber/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** The person a report is for, as the signed statement named them when it was asked for. */
export interface ReportOwner {
  id: string;
  name: string;
  role: string;
  serviceNumber: string;
}

/** The person a report is for, as a statement to another service names them. */
export function ownerAsUser(owner: ReportOwner): ActingUser {
  return { id: owner.id, role: owner.role, name: owner.name, serviceNumber: owner.serviceNumber };
}

interface JobRow {
  id: string;
  owner_id: string;
  owner_name: string;
  owner_role: string;
  owner_service_number: string;
  reports: ReportType[];
  filters: ReportFilters;
  options: ReportOptions;
  format: ReportFormat;
  state: ReportJobState;
  progress: number;
  stage: string | null;
  failure: string | null;
  attempts: number;
  file_name: string | null;
  file_size: string | null;
  schedule_id: string | null;
  email_to: string | null;
  emailed_at: Date | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
}

/** A job as the worker reads it: the request, and who it is for. */
export interface StoredReportJob {
  id: string;
  owner: ReportOwner;
  reports: ReportType[];
  filters: ReportFilters;
  options: ReportOptions;
  state: ReportJobState;
  scheduleId: string | null;
  emailTo: string | null;
  emailedAt: Date | null;
  createdAt: Date;
}

const TABLE = '"reports"."report_jobs"';
const CHUNKS = '"reports"."report_file_chunks"';

/** pg answers UPDATE … RETURNING through TypeORM as [rows, count]. */
type Updated = [JobRow[], number];

/**
 * The report jobs and their files in PostgreSQL: the one seam between the reports service's logic
 * and its storage. Every replica (API and workers) reads and writes the same rows.
 */
@Injectable()
export class ReportJobsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async create(
    manager: EntityManager,
    job: {
      owner: ReportOwner;
      reports: ReportType[];
      filters: ReportFilters;
      options: ReportOptions;
      scheduleId: string | null;
      emailTo: string | null;
    },
  ): Promise<ReportJobDto> {
    const rows = (await manager.query(
      `INSERT INTO ${TABLE} ("owner_id", "owner_name", "owner_role", "owner_service_number", "reports",
         "filters", "options", "format", "schedule_id", "email_to", "stage")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'Waiting for a worker') RETURNING *`,
      [
        job.owner.id,
        job.owner.name.slice(0, 120),
        job.owner.role.slice(0, 20),
        job.owner.serviceNumber.slice(0, 32),
        job.reports,
        JSON.stringify(job.filters),
        JSON.stringify(job.options),
        job.options.format,
        job.scheduleId,
        job.emailTo,
      ],
    )) as JobRow[];
    const row = rows[0];
    if (!row) throw new Error('INSERT … RETURNING answered no row');
    return toDto(row);
  }

  /**
   * A schedule's report for a period, if its turn already made one (a retried or taken-over turn).
   * Called under the schedule's lock (`lockSchedule`); a unique index guards the rule as well.
   */
  async scheduledFor(manager: EntityManager, scheduleId: string, from: string): Promise<ReportJobDto | null> {
    const rows = (await manager.query(
      `SELECT * FROM ${TABLE} WHERE "schedule_id" = $1 AND "filters"->>'dateFrom' = $2`,
      [scheduleId, from],
    )) as JobRow[];
    return rows[0] ? toDto(rows[0]) : null;
  }

  /**
   * Holds one person's requests until the transaction ends. Their limits are a count followed by an
   * insert; two requests at once would both count the same rows and both pass, so each waits here
   * for the other to commit and then counts what it left (READ COMMITTED reads anew each statement).
   */
  async lockOwner(manager: EntityManager, ownerId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('report-owner:' || $1))`, [ownerId]);
  }

  /** How many reports a person has queued or being written: their limit, and their place in the fair order. */
  async activeCount(manager: EntityManager, ownerId: string): Promise<number> {
    const rows = (await manager.query(
      `SELECT count(*)::int AS "active" FROM ${TABLE} WHERE "owner_id" = $1 AND "state" IN ('queued', 'running')`,
      [ownerId],
    )) as { active: number }[];
    return rows[0]?.active ?? 0;
  }

  /** Holds one schedule's turn until the transaction ends, so two workers never run it at once. */
  async lockSchedule(manager: EntityManager, scheduleId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('report-schedule:' || $1))`, [scheduleId]);
  }

  async get(id: string): Promise<ReportJobDto | null> {
    const row = await this.row(id);
    return row ? toDto(row) : null;
  }

  async stored(id: string): Promise<StoredReportJob | null> {
    const row = await this.row(id);
    if (!row) return null;
    return {
      id: row.id,
      owner: {
        id: row.owner_id,
        name: row.owner_name,
        role: row.owner_role,
        serviceNumber: row.owner_service_number,
      },
      reports: row.reports,
      filters: row.filters,
      options: row.options,
      state: row.state,
      scheduleId: row.schedule_id,
      emailTo: row.email_to,
      emailedAt: row.emailed_at,
      createdAt: row.created_at,
    };
  }

  /** A page of jobs, newest first: one person's, or everyone's (`ownerId` null). */
  async list(
    ownerId: string | null,
    page: number,
    limit: number,
  ): Promise<{ jobs: ReportJobDto[]; total: number }> {
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT * FROM ${TABLE} ${ownerId ? 'WHERE "owner_id" = $3' : ''}
         ORDER BY "created_at" DESC, "id" DESC LIMIT $1 OFFSET $2`,
        [limit, (page - 1) * limit, ...(ownerId ? [ownerId] : [])],
      ) as Promise<JobRow[]>,
      this.dataSource.query(
        `SELECT count(*)::int AS "total" FROM ${TABLE} ${ownerId ? 'WHERE "owner_id" = $1' : ''}`,
        ownerId ? [ownerId] : [],
      ) as Promise<{ total: number }[]>,
    ]);
    return { jobs: rows.map(toDto), total: counted[0]?.total ?? 0 };
  }

  /**
   * Reports recorded but still waiting (e.g. queued while Redis was down), oldest first, each with
   * its owner's rank: how many of the owner's reports, queued or being written, came before it.
   */
  async waiting(olderThanMs: number): Promise<{ id: string; rank: number }[]> {
    return (await this.dataSource.query(
      `SELECT "id", "rank" FROM (
         SELECT "id", "state", "created_at",
           (row_number() OVER (PARTITION BY "owner_id" ORDER BY "created_at", "id") - 1)::int AS "rank"
         FROM ${TABLE} WHERE "state" IN ('queued', 'running')) AS "active"
       WHERE "state" = 'queued' AND "created_at" < now() - make_interval(secs => $1)
       ORDER BY "created_at" LIMIT 1000`,
      [olderThanMs / 1000],
    )) as { id: string; rank: number }[];
  }

  /**
   * A worker takes the job for one attempt: a finished, failed or expired job is left alone (a
   * repeated delivery of the queue's message does nothing), and any file an earlier attempt
   * began is thrown away, so a retry writes the whole file again.
   */
  async start(id: string, attempt: number): Promise<ReportJobDto | null> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE ${TABLE} SET "state" = 'running', "attempts" = $2, "progress" = 0,
           "stage" = 'Reading the figures', "started_at" = now()
         WHERE "id" = $1 AND "state" IN ('queued', 'running') RETURNING *`,
        [id, attempt],
      )) as Updated;
      const row = rows[0];
      if (!row) return null;
      await manager.query(`DELETE FROM ${CHUNKS} WHERE "job_id" = $1`, [id]);
      return toDto(row);
    });
  }

  async progress(id: string, progress: number, stage: string): Promise<ReportJobDto | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE ${TABLE} SET "progress" = $2, "stage" = $3 WHERE "id" = $1 AND "state" = 'running' RETURNING *`,
      [id, Math.max(0, Math.min(99, Math.round(progress))), stage.slice(0, 200)],
    )) as Updated;
    return rows[0] ? toDto(rows[0]) : null;
  }

  async writeChunk(id: string, seq: number, data: Buffer): Promise<void> {
    await this.dataSource.query(`INSERT INTO ${CHUNKS} ("job_id", "seq", "data") VALUES ($1, $2, $3)`, [
      id,
      seq,
      data,
    ]);
  }

  async finish(
    id: string,
    file: { name: string; size: number },
    retentionDays: number,
  ): Promise<ReportJobDto | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE ${TABLE} SET "state" = 'done', "progress" = 100, "stage" = NULL, "failure" = NULL,
         "file_name" = $2, "file_size" = $3, "finished_at" = now(),
         "expires_at" = now() + make_interval(days => $4)
       WHERE "id" = $1 AND "state" = 'running' RETURNING *`,
      [id, file.name, file.size, retentionDays],
    )) as Updated;
    return rows[0] ? toDto(rows[0]) : null;
  }

  /** An attempt failed; `final` when no retry follows, so the job is reported failed with its reason. */
  async failAttempt(id: string, reason: string, final: boolean): Promise<ReportJobDto | null> {
    const [rows] = (await this.dataSource.query(
      final
        ? `UPDATE ${TABLE} SET "state" = 'failed', "failure" = $2, "stage" = NULL, "finished_at" = now()
           WHERE "id" = $1 AND "state" IN ('queued', 'running') RETURNING *`
        : `UPDATE ${TABLE} SET "state" = 'queued', "failure" = $2, "stage" = 'Waiting to try again'
           WHERE "id" = $1 AND "state" = 'running' RETURNING *`,
      [id, reason.slice(0, 500)],
    )) as Updated;
    // Only the file of the attempt that failed: a report already written keeps its file.
    if (final && rows[0]) await this.dataSource.query(`DELETE FROM ${CHUNKS} WHERE "job_id" = $1`, [id]);
    return rows[0] ? toDto(rows[0]) : null;
  }

  /** The e-mail of a written report could not be sent: the file stays, and the reason is shown. */
  async mailFailed(id: string, reason: string): Promise<ReportJobDto | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE ${TABLE} SET "failure" = $2 WHERE "id" = $1 AND "state" = 'done' RETURNING *`,
      [id, `The report was written but could not be e-mailed: ${reason}`.slice(0, 500)],
    )) as Updated;
    return rows[0] ? toDto(rows[0]) : null;
  }

  /** The e-mail of a written report is not sent, and will not be (the reason says why): the file stays. */
  async mailWithheld(id: string, reason: string): Promise<ReportJobDto | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE ${TABLE} SET "failure" = $2 WHERE "id" = $1 AND "state" = 'done' RETURNING *`,
      [id, `The report was written but not e-mailed: ${reason}`.slice(0, 500)],
    )) as Updated;
    return rows[0] ? toDto(rows[0]) : null;
  }

  async markEmailed(id: string): Promise<ReportJobDto | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE ${TABLE} SET "emailed_at" = now(), "failure" = NULL WHERE "id" = $1 RETURNING *`,
      [id],
    )) as Updated;
    return rows[0] ? toDto(rows[0]) : null;
  }

  /** The piece of a finished file starting at `offset` (a multiple of the chunk size). */
  async chunk(id: string, offset: number): Promise<Buffer | null> {
    const rows = (await this.dataSource.query(
      `SELECT "data" FROM ${CHUNKS} WHERE "job_id" = $1 AND "seq" = $2`,
      [id, Math.floor(offset / REPORT_FILE_CHUNK_BYTES)],
    )) as { data: Buffer }[];
    return rows[0]?.data ?? null;
  }

  /** Every chunk of a finished file, in order, one at a time (the e-mail attachment). */
  async *chunks(id: string): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq += 1) {
      const data = await this.chunk(id, seq * REPORT_FILE_CHUNK_BYTES);
      if (!data) return;
      yield data;
    }
  }

  /** Deletes the files past their expiry; the jobs stay, marked expired. Answers the expired jobs. */
  async expire(): Promise<ReportJobDto[]> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE ${TABLE} SET "state" = 'expired' WHERE "state" = 'done' AND "expires_at" <= now() RETURNING *`,
      )) as Updated;
      if (rows.length)
        await manager.query(`DELETE FROM ${CHUNKS} WHERE "job_id" = ANY($1)`, [rows.map((row) => row.id)]);
      return rows.map(toDto);
    });
  }

  private async row(id: string): Promise<JobRow | null> {
    const rows = (await this.dataSource.query(`SELECT * FROM ${TABLE} WHERE "id" = $1`, [id])) as JobRow[];
    return rows[0] ?? null;
  }
}

function toDto(row: JobRow): ReportJobDto {
  return {
    _id: row.id,
    reports: row.reports,
    format: row.format,
    state: row.state,
    progress: row.progress,
    stage: row.stage,
    failure: row.failure,
    attempts: row.attempts,
    fileName: row.file_name,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    filters: row.filters,
    requestedBy: { _id: row.owner_id, name: row.owner_name },
    scheduleId: row.schedule_id,
    emailTo: row.email_to,
    emailedAt: row.emailed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}
