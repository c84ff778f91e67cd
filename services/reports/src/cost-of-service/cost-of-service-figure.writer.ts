import { Inject, Injectable } from '@nestjs/common';
import {
  calendarDateIn,
  CostOfServiceTally,
  dashboardCostOfServiceYear,
  readsCosts,
  type ActingUser,
  type DashboardCostOfServiceFigure,
  type ReportScope,
} from '@caliber/contracts';
import type { Logger } from 'pino';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { ReportDataClient } from '../data/report-data.client';
import { ownerAsUser, type ReportOwner } from '../jobs/report-jobs.repository';
import { ownerFromRoster, RosterClient } from '../roster/roster.client';
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
    ...dashboardCostOfServiceYear(day),
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
    private readonly roster: RosterClient,
  ) {}

  /**
   * Works out `day`'s figure for `owner`, the person whose dashboard asked for it, as the roster
   * has them now: one deactivated, removed or no longer reading costs since gets nothing read in
   * their name (the next dashboard of someone who reads costs queues the day again). Only today's
   * is worked out: a job that waited past midnight, or names a day not begun, is let go.
   */
  async write(day: string, owner: ReportOwner): Promise<void> {
    if (day !== calendarDateIn(this.config.timeZone)) {
      this.logger.info({ day }, "the dashboard's cost of service of another day than today not worked out");
      return;
    }
    if (await this.figures.has(day)) return;
    const standing = await this.roster.standing(owner);
    if (!standing.current || !readsCosts(standing.person.role)) {
      this.logger.info(
        { day, person: owner.id },
        "the dashboard's cost of service not worked out: the person who asked no longer reads costs",
      );
      return;
    }
    const user: ActingUser = ownerAsUser(ownerFromRoster(standing.person));
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
