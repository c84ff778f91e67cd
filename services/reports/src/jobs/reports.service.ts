import { Inject, Injectable } from '@nestjs/common';
import {
  hasFullAccess,
  REPORT_FILE_CHUNK_BYTES,
  type Actor,
  type ReportFileChunk,
  type ReportJobDto,
  type ReportJobListQuery,
  type ReportJobListResponse,
  type ReportQueuedResponse,
  type ReportRequest,
  type ReportScheduleListResponse,
} from '@caliber/contracts';
import { auditActorOf, ServiceError, writeAudit } from '@caliber/service-kit';
import type { EntityManager } from 'typeorm';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { domainOf, mailRefusalMessage, mayMailTo } from '../mail/mail-policy';
import { RosterClient } from '../roster/roster.client';
import { ReportSchedulesRepository } from '../schedules/report-schedules.repository';
import { ReportEvents } from './report-events';
import { ownerAsUser, ReportJobsRepository, type ReportOwner } from './report-jobs.repository';
import { REPORT_LIMIT_MESSAGES } from './report-limits';
import { ReportQueue } from './report-queue';
import { ReportLists } from '../data/report-lists';

/** The person a statement names, as a report's owner. */
export function ownerOf(actor: Actor): ReportOwner {
  return { id: actor._id, name: actor.name, role: actor.role, serviceNumber: actor.serviceNumber };
}

/** What `reports.generate` answers the gateway: the link, and the report to wait for (if any). */
export type GenerateAnswer = ReportQueuedResponse & { job: ReportJobDto | null };

/**
 * Asking for reports and following them. Each person sees and downloads only their own reports
 * and schedules; Engineers and Admins see everyone's (they answer for the department's records).
 * Anyone else's report answers 404, so its existence is not revealed.
 */
@Injectable()
export class ReportsService {
  constructor(
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    private readonly jobs: ReportJobsRepository,
    private readonly schedules: ReportSchedulesRepository,
    private readonly queue: ReportQueue,
    private readonly events: ReportEvents,
    private readonly lists: ReportLists,
    private readonly roster: RosterClient,
  ) {}

  /**
   * Records the report (and its schedule, when asked) in one transaction, then queues it. A
   * report neither to be downloaded nor e-mailed now (a schedule alone) is not written now: its
   * first file comes at the schedule's first turn. The address and the person's limits are
   * checked first, so a refused request leaves nothing behind.
   */
  async generate(actor: Actor, asked: ReportRequest): Promise<GenerateAnswer> {
    const owner = ownerOf(actor);
    // Departments and categories as the hospital lists name them now (a former name finds its entry).
    const request = { ...asked, filters: await this.lists.current(asked.filters, ownerAsUser(owner), true) };
    const { delivery, schedule: repeat } = request.options;
    const writeNow = delivery.downloadNow || delivery.email !== null;
    if (delivery.email) await this.checkAddress(owner, delivery.email);
    const { job, scheduleId, rank } = await this.jobs.transaction(async (manager) => {
      const ahead = await this.checkLimits(manager, owner.id, { report: writeNow, schedule: repeat.enabled });
      const schedule = repeat.enabled ? await this.schedules.create(manager, owner, request) : null;
      const created = writeNow
        ? await this.jobs.create(manager, {
            owner,
            reports: request.reports,
            filters: request.filters,
            options: request.options,
            scheduleId: null,
            emailTo: delivery.email,
          })
        : null;
      if (created)
        await writeAudit(manager, {
          actor: auditActorOf(actor),
          entity: 'report',
          entityId: created._id,
          action: 'requested',
          changes: {
            reports: { from: null, to: request.reports },
            format: { from: null, to: request.options.format },
            emailTo: { from: null, to: delivery.email },
          },
        });
      if (schedule)
        await writeAudit(manager, {
          actor: auditActorOf(actor),
          entity: 'report-schedule',
          entityId: schedule.id,
          action: 'created',
          changes: {
            frequency: { from: null, to: repeat.frequency },
            reports: { from: null, to: request.reports },
            emailTo: { from: null, to: delivery.email },
          },
        });
      return { job: created, scheduleId: schedule?.id ?? null, rank: ahead };
    });
    try {
      if (scheduleId) await this.queue.upsertSchedule(scheduleId, repeat.frequency);
      if (job) await this.queue.addReport(job._id, rank);
    } catch {
      // Recorded but not queued (Redis is down): a worker queues waiting reports when it starts
      // and every few minutes (`ReportWorker`), so nothing asked for is lost.
      throw new ServiceError(
        'SERVICE_UNAVAILABLE',
        'The report was recorded but the report queue is not reachable; it will be written when the queue is back.',
      );
    }
    await this.events.progress(job);
    return { job, jobId: job?._id ?? '', scheduleId, fileUrl: job ? reportPagePath(job._id) : '/reports' };
  }

  /**
   * A report goes only to the requester's own confirmed roster address or to an allowed domain
   * (`mail-policy.ts`). An address at an allowed domain needs no question; any other is compared
   * with the roster's address for the person and its confirmation, asked of identity now (the
   * session's copy may be old).
   */
  private async checkAddress(owner: ReportOwner, email: string): Promise<void> {
    const domains = this.config.mailDomains;
    if (domains.includes(domainOf(email))) return;
    const standing = await this.roster.standing(owner);
    if (!standing.current)
      throw new ServiceError(
        'ACCOUNT_INACTIVE',
        'Your account is not active on the staff roster, so no report can be made for you.',
      );
    if (!mayMailTo(email, standing.person, domains))
      throw ServiceError.validation([
        { path: 'options.delivery.email', message: mailRefusalMessage(standing.person, domains) },
      ]);
  }

  /**
   * Refuses a request past the person's limits (`report-limits.ts`), inside the transaction that
   * then stores it, under the person's lock (`lockOwner`): two requests at once are counted one
   * after the other, so they cannot both take the last place. Answers how many of the person's
   * reports are queued or being written already: the new report's rank in the fair order.
   */
  private async checkLimits(
    manager: EntityManager,
    ownerId: string,
    adds: { report: boolean; schedule: boolean },
  ): Promise<number> {
    await this.jobs.lockOwner(manager, ownerId);
    const active = await this.jobs.activeCount(manager, ownerId);
    if (adds.report && active >= this.config.maxActivePerPerson)
      throw new ServiceError(
        'REPORT_LIMIT_REACHED',
        REPORT_LIMIT_MESSAGES.active(this.config.maxActivePerPerson),
      );
    if (
      adds.schedule &&
      (await this.schedules.liveCount(manager, ownerId)) >= this.config.maxSchedulesPerPerson
    )
      throw new ServiceError(
        'REPORT_LIMIT_REACHED',
        REPORT_LIMIT_MESSAGES.schedules(this.config.maxSchedulesPerPerson),
      );
    return active;
  }

  async get(actor: Actor, id: string): Promise<ReportJobDto> {
    const job = await this.jobs.get(id);
    if (!job || !mayRead(actor, job.requestedBy._id)) throw new ServiceError('NOT_FOUND', 'No such report.');
    return job;
  }

  async list(actor: Actor, query: ReportJobListQuery): Promise<ReportJobListResponse> {
    const everyone = query.everyone && hasFullAccess(actor.role);
    const { jobs, total } = await this.jobs.list(everyone ? null : actor._id, query.page, query.limit);
    return { jobs, total, page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)) };
  }

  async fileChunk(actor: Actor, id: string, offset: number): Promise<ReportFileChunk> {
    const job = await this.get(actor, id);
    if (job.state === 'expired')
      throw new ServiceError(
        'NOT_FOUND',
        'This report has expired and its file was deleted. Please generate it again.',
      );
    if (job.state !== 'done' || !job.fileName || job.fileSize === null)
      throw new ServiceError('CONFLICT', 'This report is not ready yet.');
    if (offset % REPORT_FILE_CHUNK_BYTES !== 0 || offset >= Math.max(job.fileSize, 1))
      throw new ServiceError(
        'VALIDATION_FAILED',
        'offset must be a multiple of the chunk size within the file.',
      );
    const data = await this.jobs.chunk(id, offset);
    if (!data)
      throw new ServiceError('NOT_FOUND', 'This report file is incomplete. Please generate it again.');
    return {
      data: data.toString('base64'),
      offset,
      size: job.fileSize,
      fileName: job.fileName,
      format: job.format,
    };
  }

  async listSchedules(actor: Actor): Promise<ReportScheduleListResponse> {
    const rows = await this.schedules.list(hasFullAccess(actor.role) ? null : actor._id);
    const schedules = await Promise.all(
      rows.map(async (row) => ({
        ...row,
        nextRunAt: (await this.queue.nextRun(row._id).catch(() => null))?.toISOString() ?? null,
      })),
    );
    return { schedules };
  }

  /** The owner, an Engineer or an Admin cancels a schedule; the reports it made stay. */
  async cancelSchedule(actor: Actor, id: string): Promise<{ _id: string }> {
    const found = await this.schedules.ownerOf(id);
    if (!found || found.cancelled || !mayRead(actor, found.ownerId))
      throw new ServiceError('NOT_FOUND', 'No such report schedule.');
    await this.jobs.transaction(async (manager) => {
      if (!(await this.schedules.cancel(manager, id, actor.name)))
        throw new ServiceError('NOT_FOUND', 'No such report schedule.');
      await writeAudit(manager, {
        actor: auditActorOf(actor),
        entity: 'report-schedule',
        entityId: id,
        action: 'cancelled',
      });
    });
    // A scheduler left behind (Redis down now) finds the schedule cancelled when it fires and does nothing.
    await this.queue.removeSchedule(id).catch(() => undefined);
    return { _id: id };
  }
}

/** The page that follows one report and downloads it when done (the reports screen). */
export function reportPagePath(jobId: string): string {
  return `/reports/jobs/${jobId}`;
}

function mayRead(actor: Actor, ownerId: string): boolean {
  return actor._id === ownerId || hasFullAccess(actor.role);
}
