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
import { ReportQueue } from '../jobs/report-queue';
import { LOGGER } from '../tokens';
import { CostOfServiceFiguresRepository } from './cost-of-service-figures.repository';

/**
 * The Managers' dashboard figure: the latest kept, and today's queued when it is not yet kept. It
 * is worked out when the day's first dashboard asks rather than on a clock, so it is computed for
 * a real person who reads costs (each owner of the records checks their right, as for a report),
 * and not at all on days nobody looks. Working it out reads every device and its year of work (a
 * report's worth), so a dashboard never waits for it: until it is kept, the day before's is shown
 * and said to be so.
 */
@Injectable()
export class DashboardCostOfServiceService {
  constructor(
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly figures: CostOfServiceFiguresRepository,
    private readonly queue: ReportQueue,
  ) {}

  async forDashboard(actor: Actor): Promise<DashboardCostOfService> {
    if (!readsCosts(actor.role)) throw new ServiceError('FORBIDDEN', COST_OF_SERVICE_REFUSAL);
    const today = dashboardCostOfServicePeriod(this.config.timeZone).to;
    const figure = await this.figures.latest();
    const current = figure?.to === today;
    if (!current)
      // One job a day however many dashboards ask (its id is the day's); a queue out of reach
      // leaves the latest figure shown, and the next dashboard asks again.
      await this.queue
        .addCostOfServiceFigure(today, {
          id: actor._id,
          role: actor.role,
          name: actor.name,
          serviceNumber: actor.serviceNumber,
        })
        .catch((error: unknown) =>
          this.logger.warn({ err: error }, "the dashboard's cost of service not queued"),
        );
    return { figure, current };
  }
}
