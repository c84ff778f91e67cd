import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  COST_OF_SERVICE_REFUSAL,
  dashboardCostOfServicePeriod,
  readsCosts,
  type Actor,
  type DashboardCostOfService,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import type { Logger } from 'pino';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { ReportDataClient } from '../data/report-data.client';
import { ownerAsUser } from '../jobs/report-jobs.repository';
import { ReportQueue } from '../jobs/report-queue';
import { ownerOf } from '../jobs/reports.service';
import { LOGGER } from '../tokens';
import { CostOfServiceFiguresRepository } from './cost-of-service-figures.repository';

/** How long a dashboard's answer waits for today's figure to be queued: the answer never waits on Redis. */
const QUEUE_WAIT_MS = 500;

/**
 * The Managers' dashboard figure: the latest kept, and today's queued when it is not yet kept. It
 * is worked out when the day's first dashboard asks rather than on a clock, so it is computed for
 * a real person who reads costs (the worker asks the roster about them first, and equipment and
 * maintenance check their role, as for a report), and not at all on days nobody looks. Working it
 * out reads every device and its year of work (a report's worth), so a dashboard never waits for
 * it: until it is kept, the latest kept is shown and said to be an earlier day's.
 */
@Injectable()
export class DashboardCostOfServiceService {
  /** The one queuing in flight in this process: a Redis that hangs holds one call, not one per dashboard. */
  private queuing: Promise<boolean> | null = null;

  constructor(
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly figures: CostOfServiceFiguresRepository,
    private readonly queue: ReportQueue,
    private readonly data: ReportDataClient,
  ) {}

  async forDashboard(actor: Actor): Promise<DashboardCostOfService> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', COST_OF_SERVICE_REFUSAL);
    const today = dashboardCostOfServicePeriod(this.config.timeZone).to;
    const [kept, currency] = await Promise.all([this.figures.latest(today), this.currency(actor)]);
    const current = kept?.to === today;
    const failed = current ? false : await this.queueToday(today, actor);
    // The amounts are as recorded; the currency they are read in is the hospital's now (an Admin
    // who corrects it corrects every amount's reading, as everywhere else).
    const figure = kept && currency ? { ...kept, currency } : kept;
    return { figure, current, failed };
  }

  /** The hospital currency now; the kept figure's when maintenance cannot say. */
  private async currency(actor: Actor): Promise<string | null> {
    try {
      return (await this.data.hospitalCurrency(ownerAsUser(ownerOf(actor)))) ?? this.config.currency;
    } catch (error) {
      this.logger.warn({ err: error }, 'the hospital currency not read for the dashboard');
      return null;
    }
  }

  /**
   * Queues today's figure (one job a day however many dashboards ask); answers whether today's
   * failed a moment ago. A queue out of reach, or slow, leaves the latest figure shown, and a
   * later dashboard asks again.
   */
  private async queueToday(today: string, actor: Actor): Promise<boolean> {
    if (!this.queue.ready) return false;
    if (!this.queuing) {
      const queuing = this.queue.queueCostOfServiceFigure(today, ownerOf(actor)).catch((error: unknown) => {
        this.logger.warn({ err: error }, "the dashboard's cost of service not queued");
        return false;
      });
      this.queuing = queuing.finally(() => {
        this.queuing = null;
      });
    }
    return Promise.race([this.queuing, sleep(QUEUE_WAIT_MS, false, { ref: false })]);
  }
}
