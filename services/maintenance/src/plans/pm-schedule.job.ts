import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  bullConnection,
  ProcessMetrics,
  queuePrefix,
  runTracedJob,
  tracedJobData,
} from '@caliber/service-kit';
import type { Logger } from 'pino';
import { MAINTENANCE_CONFIG, type MaintenanceConfig } from '../config';
import { LOGGER } from '../tokens';
import { PmPlansService } from './pm-plans.service';

const QUEUE = 'pm-schedule';
const SCHEDULER = 'daily-occurrences';
const JOB = 'create-due-occurrences';

/**
 * The daily PM job: a BullMQ job scheduler (one per deployment, kept in Redis) that creates every
 * occurrence falling due within the lead time (`PM_LEAD_TIME_DAYS`, default 14). BullMQ makes
 * one job per tick and one worker of all the replicas takes it; a tick that falls while every
 * replica is down is run when one comes back. The work itself is idempotent
 * (`PmPlansService.createDueOccurrences`), so a retried or doubled run creates nothing twice.
 * Redis being down does not stop the service: the job waits for it, and tasks and plans work.
 */
@Injectable()
export class PmScheduleJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly connections: Redis[] = [];
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private events: QueueEvents | null = null;

  constructor(
    @Inject(MAINTENANCE_CONFIG) private readonly config: MaintenanceConfig,
    private readonly plans: PmPlansService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly metrics?: ProcessMetrics,
  ) {}

  onApplicationBootstrap(): void {
    const prefix = queuePrefix(this.config.databaseUrl);
    const queueConnection = this.connect('queue');
    this.queue = new Queue(QUEUE, { connection: queueConnection, prefix });
    this.metrics?.watchQueue(QUEUE, this.queue, queueConnection);
    this.worker = new Worker(QUEUE, (job: Job) => runTracedJob(QUEUE, job, () => this.run(job)), {
      connection: this.connect('worker'),
      prefix,
      concurrency: 1,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.error({ err: error, job: job?.id }, 'daily PM job failed; BullMQ retries it'),
    );
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'daily PM job worker'));
    this.queue.on('error', (error) => this.logger.warn({ err: error }, 'daily PM job queue'));
    // Not awaited: a Redis that is down must not hold the service's start.
    void this.queue
      .upsertJobScheduler(
        SCHEDULER,
        { pattern: this.config.pmJobCron, tz: this.config.timeZone },
        {
          name: JOB,
          opts: {
            attempts: 5,
            backoff: { type: 'exponential', delay: 60_000 },
            removeOnComplete: 50,
            removeOnFail: 200,
          },
        },
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'daily PM job not scheduled yet'));
  }

  /** Runs the job once now through the queue and waits for it (the command line, tests). */
  async runNow(): Promise<number> {
    if (!this.queue) throw new Error('The PM job has not started.');
    this.events ??= new QueueEvents(QUEUE, {
      connection: this.connect('events'),
      prefix: queuePrefix(this.config.databaseUrl),
    });
    await this.events.waitUntilReady();
    // Run by hand, the job continues the request that asked (the scheduler's ticks start their own).
    const job = await this.queue.add(JOB, tracedJobData({}), { removeOnComplete: 50, removeOnFail: 200 });
    return (await job.waitUntilFinished(this.events, 120_000)) as number;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.events?.close();
    await this.queue?.close();
    await Promise.all(
      this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())),
    );
  }

  private async run(job: Job): Promise<number> {
    const created = await this.plans.createDueOccurrences(this.config.pmLeadTimeDays);
    this.logger.info({ job: job.id, created: created.length }, 'daily PM job: occurrences created');
    return created.length;
  }

  private connect(role: string): Redis {
    const connection = bullConnection(this.config.redisUrl, `caliber-maintenance-pm-${role}`);
    this.connections.push(connection);
    return connection;
  }
}
