import { Inject, Injectable, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { COST_OF_SERVICE_RETRY_MINUTES, type ReportScheduleFrequency } from '@caliber/contracts';
import {
  bullConnection,
  ProcessMetrics,
  queuePrefix,
  tracedJobData,
  type TraceCarrier,
} from '@caliber/service-kit';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { LOGGER } from '../tokens';
import type { ReportOwner } from './report-jobs.repository';

export const REPORT_QUEUE = 'report-jobs';

/**
 * What the queue carries: a report to write (its row is the record), a schedule's turn, the
 * clean-up, the dashboard's cost of service of a day (worked out for the person whose dashboard
 * asked first). A report asked for carries the request that asked (`trace`), which its writing
 * continues.
 */
export type ReportQueueData = (
  | { kind: 'report'; jobId: string }
  | { kind: 'schedule'; scheduleId: string }
  | { kind: 'expiry' }
  | { kind: 'cost-of-service-figure'; day: string; owner: ReportOwner }
) & { trace?: TraceCarrier };

export const JOB_NAMES = {
  report: 'write-report',
  schedule: 'scheduled-report',
  expiry: 'expire-files',
  costOfServiceFigure: 'cost-of-service-figure',
} as const;

/** When each frequency runs, in the hospital's time zone: Monday, the 1st, the quarter's 1st, at 06:00. */
export const SCHEDULE_PATTERNS: Record<ReportScheduleFrequency, string> = {
  weekly: '0 6 * * 1',
  monthly: '0 6 1 * *',
  quarterly: '0 6 1 1,4,7,10 *',
};

/** A schedule's job scheduler: its turns, in the hospital's time zone. */
export async function upsertScheduleJob(
  queue: Queue<ReportQueueData>,
  scheduleId: string,
  frequency: ReportScheduleFrequency,
  timeZone: string,
): Promise<void> {
  await queue.upsertJobScheduler(
    scheduleId,
    { pattern: SCHEDULE_PATTERNS[frequency], tz: timeZone },
    {
      name: JOB_NAMES.schedule,
      data: { kind: 'schedule', scheduleId },
      opts: { attempts: 3, backoff: { type: 'exponential', delay: 60_000 }, removeOnComplete: 100 },
    },
  );
}

/** Far below BullMQ's lowest priority (2^21), and far above anyone's reports at once. */
const MAX_RANK = 10_000;

/**
 * Fair order between people, on a queue that has no groups (BullMQ's open-source edition): a
 * report's priority is 1 + how many of its owner's reports were queued or being written before
 * it. Each person's first report goes ahead of anyone's second, their second ahead of anyone's
 * third, and so on; within one rank, first asked is first written. So one person's five reports,
 * or a burst of their schedules, do not keep everyone else waiting behind them. The rank is fixed
 * when the report is queued (a priority cannot follow the owner's other reports as they finish),
 * which keeps the rule simple and still puts a newcomer ahead of a long queue. BullMQ takes
 * lower numbers first; schedule turns and the clean-up carry none and go first (they only add
 * reports or delete files, in moments).
 */
export function fairPriority(ownerRank: number): number {
  return 1 + Math.min(Math.max(0, Math.floor(ownerRank)), MAX_RANK);
}

/** Expired files are deleted every hour, by whichever worker takes the job. */
const EXPIRY_SCHEDULER = 'expire-report-files';

/**
 * The reports queue (BullMQ on Redis), shared by every replica of one deployment: the API adds a
 * job per report and keeps a job scheduler per schedule; the workers take them.
 */
@Injectable()
export class ReportQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queue: Queue<ReportQueueData>;

  constructor(
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() metrics?: ProcessMetrics,
  ) {
    this.connection = bullConnection(config.redisUrl, 'caliber-reports-queue', logger);
    this.queue = new Queue<ReportQueueData>(REPORT_QUEUE, {
      connection: this.connection,
      prefix: queuePrefix(config.databaseUrl),
    });
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'report queue'));
    metrics?.watchQueue(REPORT_QUEUE, this.queue, this.connection);
  }

  /**
   * Queues a report at its owner's rank (`fairPriority`); the queue's job id is the report's, so
   * a repeated add queues it once.
   */
  async addReport(jobId: string, ownerRank: number): Promise<void> {
    await this.queue.add(JOB_NAMES.report, tracedJobData({ kind: 'report' as const, jobId }), {
      jobId,
      priority: fairPriority(ownerRank),
      attempts: this.config.attempts,
      backoff: { type: 'exponential', delay: this.config.retryDelayMs },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    });
  }

  /**
   * Whether the queue's Redis connection is up now. A call made while it is down waits for it to
   * come back (the connection queues commands), which a dashboard must not.
   */
  get ready(): boolean {
    return this.connection.status === 'ready';
  }

  /**
   * Queues the working out of the dashboard's cost of service of `day`, for `owner`, unless it
   * already waits or runs: the job's id is the day's, so the dashboards asking meanwhile add
   * nothing. A finished one is let go (the kept figure is the record; a worker finding it kept
   * does nothing). A failed one is kept, so the dashboards asking in the next
   * `COST_OF_SERVICE_RETRY_MINUTES` are told it failed rather than queue a report's worth of
   * reading every 15 seconds; after that the next one queues it again. Answers whether the day's
   * failed within that time. It takes its place as anyone's first report does.
   */
  async queueCostOfServiceFigure(
    day: string,
    owner: ReportOwner,
    now: number = Date.now(),
  ): Promise<boolean> {
    const jobId = `cost-of-service-${day}`;
    const job = await this.queue.getJob(jobId);
    if (job) {
      if ((await job.getState()) !== 'failed') return false;
      if (now - (job.finishedOn ?? 0) < COST_OF_SERVICE_RETRY_MINUTES * 60_000) return true;
      await job.remove();
    }
    await this.queue.add(
      JOB_NAMES.costOfServiceFigure,
      tracedJobData({ kind: 'cost-of-service-figure' as const, day, owner }),
      {
        jobId,
        priority: fairPriority(0),
        attempts: 2,
        backoff: { type: 'exponential', delay: this.config.retryDelayMs },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
    return false;
  }

  /** Keeps one job scheduler per schedule; each tick adds a `schedule` job for the workers. */
  async upsertSchedule(scheduleId: string, frequency: ReportScheduleFrequency): Promise<void> {
    await upsertScheduleJob(this.queue, scheduleId, frequency, this.config.timeZone);
  }

  async removeSchedule(scheduleId: string): Promise<void> {
    await this.queue.removeJobScheduler(scheduleId);
  }

  /** When a schedule next runs, as BullMQ has it (null when it has none). */
  async nextRun(scheduleId: string): Promise<Date | null> {
    const scheduler = await this.queue.getJobScheduler(scheduleId);
    return scheduler?.next ? new Date(scheduler.next) : null;
  }

  /** The hourly clean-up of expired files (one scheduler per deployment, whatever the replicas). */
  async keepExpiryScheduler(): Promise<void> {
    await this.queue.upsertJobScheduler(
      EXPIRY_SCHEDULER,
      { every: 3_600_000 },
      { name: JOB_NAMES.expiry, data: { kind: 'expiry' }, opts: { removeOnComplete: 10 } },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
