import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { calendarDateIn } from '@caliber/contracts';
import { auditActorOf, bullConnection, queuePrefix, runTracedJob, writeAudit } from '@caliber/service-kit';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { CostOfServiceFigureWriter } from '../cost-of-service/cost-of-service-figure.writer';
import { ownerFromRoster, RosterClient } from '../roster/roster.client';
import { previousPeriod } from '../schedules/schedule-period';
import { ReportSchedulesRepository } from '../schedules/report-schedules.repository';
import { LOGGER } from '../tokens';
import { ReportEvents } from './report-events';
import { ReportJobsRepository } from './report-jobs.repository';
import { REPORT_QUEUE, ReportQueue, type ReportQueueData } from './report-queue';
import { ReportWriter } from './report-writer';

/** How often a worker queues reports recorded while the queue was unreachable. */
const CATCH_UP_MS = 5 * 60_000;

/**
 * A report worker: takes reports, schedule turns, the hourly clean-up and the dashboard's daily
 * cost of service from the queue, `REPORT_WORKER_CONCURRENCY` at a time. A report that fails is tried again with growing waits;
 * after the last attempt it is marked failed with its reason. A worker that dies mid-report stops
 * renewing its hold (`REPORT_LOCK_MS`), and another worker writes the report again from the start.
 */
@Injectable()
export class ReportWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<ReportQueueData> | null = null;
  private connection: Redis | null = null;
  private catchUp: NodeJS.Timeout | null = null;

  constructor(
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly jobs: ReportJobsRepository,
    private readonly schedules: ReportSchedulesRepository,
    private readonly queue: ReportQueue,
    private readonly events: ReportEvents,
    private readonly writer: ReportWriter,
    private readonly roster: RosterClient,
    private readonly costOfService: CostOfServiceFigureWriter,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = bullConnection(this.config.redisUrl, 'caliber-reports-worker', this.logger);
    this.worker = new Worker<ReportQueueData>(
      REPORT_QUEUE,
      (job) => runTracedJob(REPORT_QUEUE, job, () => this.run(job)),
      {
        connection: this.connection,
        prefix: queuePrefix(this.config.databaseUrl),
        concurrency: this.config.concurrency,
        lockDuration: this.config.lockMs,
        stalledInterval: Math.max(1000, Math.floor(this.config.lockMs / 2)),
        maxStalledCount: 2,
      },
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'report worker'));
    // A report whose workers kept dying (it stalled too often) fails without reaching `run`'s own
    // handling: its record says so too, rather than "running" for ever.
    this.worker.on('failed', (job, error) => {
      if (job?.data.kind === 'cost-of-service-figure')
        this.logger.warn(
          { err: error, day: job.data.day, attempt: job.attemptsMade },
          "the dashboard's cost of service not worked out",
        );
      if (job?.data.kind !== 'report' || job.attemptsMade < (job.opts.attempts ?? 1)) return;
      void this.jobs
        .failAttempt(job.data.jobId, error.message, true)
        .then((failed) => this.events.progress(failed))
        .catch((reason: unknown) => this.logger.warn({ err: reason }, 'report not marked failed'));
    });
    // Neither awaited: a Redis that is down must not hold the worker's start.
    void this.queue
      .keepExpiryScheduler()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'expiry not scheduled yet'));
    void this.requeueWaiting();
    this.catchUp = setInterval(() => void this.requeueWaiting(), CATCH_UP_MS);
    this.catchUp.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.catchUp) clearInterval(this.catchUp);
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }

  private async run(job: Job<ReportQueueData>): Promise<void> {
    const data = job.data;
    if (data.kind === 'expiry') {
      const expired = await this.jobs.expire();
      for (const report of expired) await this.events.progress(report);
      if (expired.length) this.logger.info({ expired: expired.length }, 'expired report files deleted');
      return;
    }
    if (data.kind === 'schedule') return this.runSchedule(data.scheduleId);
    if (data.kind === 'cost-of-service-figure') return this.costOfService.write(data.day, data.owner);
    const attempt = job.attemptsMade + 1;
    const final = attempt >= (job.opts.attempts ?? 1);
    try {
      await this.writer.write(data.jobId, attempt, job.attemptsStarted);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ err: error, job: data.jobId, attempt, final }, 'report attempt failed');
      await this.events.progress(await this.jobs.failAttempt(data.jobId, reason, final));
      throw error;
    }
  }

  /** A schedule's turn: a report for the period just ended, queued like one asked for by hand. */
  private async runSchedule(scheduleId: string): Promise<void> {
    const found = await this.schedules.live(scheduleId);
    if (!found) {
      // Cancelled while its scheduler was out of reach: take the scheduler away too.
      await this.queue.removeSchedule(scheduleId).catch(() => undefined);
      return;
    }
    // The owner as the roster has them now: a person deactivated or removed since gets no more
    // reports (their schedule ends, audited), and a changed role is the one the figures follow.
    const standing = await this.roster.standing(found.owner);
    if (!standing.current) {
      await this.schedules.endForOwner(
        scheduleId,
        standing.why === 'deactivated' ? 'the owner was deactivated' : 'the owner left the roster',
      );
      await this.queue.removeSchedule(scheduleId).catch(() => undefined);
      this.logger.info(
        { schedule: scheduleId },
        'report schedule ended: its owner may no longer receive reports',
      );
      return;
    }
    const owner = ownerFromRoster(standing.person);
    const schedule = { ...found, owner };
    const period = previousPeriod(schedule.frequency, calendarDateIn(this.config.timeZone));
    const request = schedule.request;
    const { job, rank } = await this.jobs.transaction(async (manager) => {
      await this.jobs.lockSchedule(manager, scheduleId);
      // A turn is never refused for the owner's limit (the schedule limit bounds it), but its
      // report takes its place in the fair order behind the owner's others.
      const ahead = await this.jobs.activeCount(manager, owner.id);
      const made = await this.jobs.scheduledFor(manager, scheduleId, period.from);
      if (made) return { job: made, rank: ahead };
      const created = await this.jobs.create(manager, {
        owner: schedule.owner,
        reports: request.reports,
        filters: { ...request.filters, dateFrom: period.from, dateTo: period.to },
        options: request.options,
        scheduleId,
        emailTo: schedule.emailTo,
      });
      await writeAudit(manager, {
        actor: auditActorOf({ ...schedule.owner, _id: schedule.owner.id, via: 'reports' }),
        entity: 'report',
        entityId: created._id,
        action: 'scheduled',
        changes: {
          schedule: { from: null, to: scheduleId },
          period: { from: null, to: `${period.from}..${period.to}` },
        },
      });
      return { job: created, rank: ahead };
    });
    await this.schedules.ran(scheduleId);
    await this.queue.addReport(job._id, rank);
    await this.events.progress(job);
  }

  /**
   * What was recorded while the queue was unreachable reaches it now: waiting reports are queued
   * (a repeated add does nothing) and a schedule without its job scheduler gets one.
   */
  private async requeueWaiting(): Promise<void> {
    try {
      for (const { id, rank } of await this.jobs.waiting(60_000)) await this.queue.addReport(id, rank);
      for (const schedule of await this.schedules.allLive())
        if (!(await this.queue.queue.getJobScheduler(schedule.id)))
          await this.queue.upsertSchedule(schedule.id, schedule.frequency);
    } catch (error) {
      this.logger.warn({ err: error }, 'waiting reports and schedules not queued yet');
    }
  }
}
