import { Inject, Injectable } from '@nestjs/common';
import { KeptAnswers } from '@caliber/service-kit';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/**
 * The dashboard's figures (the inventory's, the tasks' and PM compliance), kept between visits and
 * dropped the moment anything changes. A shift change is a hundred people opening the dashboard
 * within a minute: each visit would otherwise ask three services to count the whole inventory and
 * task list again, for the same answer.
 *
 * When the figures are dropped (`changed()`):
 * - on every change event the gateway receives from the services, BEFORE it relays the event to
 *   the browsers: a dashboard that reloads because of an event it was shown is never answered from
 *   figures older than that event;
 * - on every write this gateway passed to a service and that succeeded, before its answer is sent:
 *   the person who made a change sees it on their next visit even if the event is still on its way;
 * - when the NATS connection comes back (events may have been missed meanwhile);
 * - after `DASHBOARD_CACHE_SECONDS` whatever happened: the figures that move with the clock alone
 *   (overdue at midnight, PM due dates) and a change whose event was lost are at most that late.
 *
 * Kept as `KeptAnswers` keeps them: a computation that started before a change never answers a
 * visit after it, concurrent visits share one, a failure is not kept.
 *
 * Figures are kept per scope, never per person: the key names everything the answer depends on
 * (the services scope a Technician's tasks and PM list to the Technician; everyone else's are the
 * department's).
 */
@Injectable()
export class DashboardFiguresCache extends KeptAnswers {
  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'dashboardCacheMs'>) {
    super(config.dashboardCacheMs);
  }
}
