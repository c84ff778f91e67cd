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
 * - for the person who made a write through this gateway (that succeeded, on an operation that can
 *   move a figure), on their next visit only: that visit computes the figures anew (and keeps them
 *   for everyone after), so they see their change even if its event is still on its way. Nobody
 *   else's figures are dropped by it: the change's own event does that, and a write that changed
 *   nothing has no event, so repeating one costs the figures of its author's visits alone;
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
  /** The people whose write this gateway passed since their last visit, with when (oldest first). */
  private readonly writers = new Map<string, number>();

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'dashboardCacheMs'>) {
    super(config.dashboardCacheMs);
  }

  /** `personId` made a write that may move a figure: their next visit computes the figures anew. */
  wrote(personId: string, now: number = Date.now()): void {
    if (!this.keeping) return;
    this.writers.delete(personId);
    this.writers.set(personId, now);
    // Past the kept figures' age every visit computes anew anyway: older marks are dropped, and
    // at most one per person is held.
    for (const [person, at] of this.writers) {
      if (now - at < this.maxAgeMs) break;
      this.writers.delete(person);
    }
  }

  /** Whether `personId` wrote since their last visit (and, asked, that this visit is that visit). */
  takeWrite(personId: string, now: number = Date.now()): boolean {
    const at = this.writers.get(personId);
    if (at === undefined) return false;
    this.writers.delete(personId);
    return now - at < this.maxAgeMs;
  }
}
