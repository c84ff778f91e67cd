import { Inject, Injectable } from '@nestjs/common';
import {
  addDays,
  CostOfServiceTally,
  DASHBOARD_COST_OF_SERVICE_DAYS,
  type ActingUser,
  type DashboardCostOfServiceFigure,
  type ReportScope,
} from '@caliber/contracts';
import type { Logger } from 'pino';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { ReportDataClient } from '../data/report-data.client';
import { LOGGER } from '../tokens';
import { CostOfServiceFiguresRepository } from './cost-of-service-figures.repository';
import { deviceCosts } from './device-costs';

/**
 * The hospital's cost of service over the year to `day`, for every department and category: the
 * Cost of service report's hospital figures for that year, device by device from the records of
 * equipment and maintenance (asked for `user`, who reads costs), added up by the same tally.
 */
export async function hospitalCostOfService(
  data: ReportDataClient,
  user: ActingUser,
  day: string,
  timeZone: string,
  currency: string,
  now: Date = new Date(),
): Promise<DashboardCostOfServiceFigure> {
  const scope: ReportScope = {
    from: addDays(day, 1 - DASHBOARD_COST_OF_SERVICE_DAYS),
    to: day,
    timeZone,
    departments: [],
    categories: [],
    staffId: null,
  };
  const hospital = new CostOfServiceTally();
  for await (const page of deviceCosts(data, scope, user))
    for (const cost of page) hospital.add(cost.device, cost.work, cost.flagged);
  const figures = hospital.figures();
  return {
    from: scope.from,
    to: day,
    ratio: figures.ratio,
    serviceCost: figures.serviceCost,
    acquisitionCost: figures.acquisitionCost,
    devicesWithCost: figures.devicesWithCost,
    devicesWithoutCost: figures.devices - figures.devicesWithCost,
    flagged: figures.flagged,
    currency,
    computedAt: now.toISOString(),
  };
}

/** A report worker's turn at the dashboard's figure of a day: worked out once, then kept. */
@Injectable()
export class CostOfServiceFigureWriter {
  constructor(
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly data: ReportDataClient,
    private readonly figures: CostOfServiceFiguresRepository,
  ) {}

  async write(day: string, user: ActingUser): Promise<void> {
    // Asked for twice in a day (the queue's job was let go after a failure), it is worked out once.
    if (await this.figures.has(day)) return;
    const started = Date.now();
    const currency = (await this.data.hospitalCurrency(user)) ?? this.config.currency;
    const figure = await hospitalCostOfService(this.data, user, day, this.config.timeZone, currency);
    await this.figures.keep(figure);
    this.logger.info(
      { day, devices: figure.devicesWithCost + figure.devicesWithoutCost, ms: Date.now() - started },
      "the dashboard's cost of service worked out",
    );
  }
}
