import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

interface Entry {
  at: number;
  value: Promise<unknown>;
}

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
 * An entry is kept from the moment its computation starts, so a computation that started before a
 * change is dropped with everything else and never answers a visit after it. Concurrent visits
 * with the same key share one computation; a failed one is not kept.
 *
 * Figures are kept per scope, never per person: the key names everything the answer depends on
 * (the services scope a Technician's tasks and PM list to the Technician; everyone else's are the
 * department's).
 */
@Injectable()
export class DashboardFiguresCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxAgeMs: number;

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'dashboardCacheMs'>) {
    this.maxAgeMs = config.dashboardCacheMs;
  }

  /** Something the figures count may have changed: nothing kept so far is used again. */
  changed(): void {
    this.entries.clear();
  }

  get<T>(key: string, compute: () => Promise<T>, now: number = Date.now()): Promise<T> {
    if (this.maxAgeMs <= 0) return compute();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.maxAgeMs) return kept.value as Promise<T>;
    const value = compute();
    const entry: Entry = { at: now, value };
    this.entries.set(key, entry);
    // Keys nobody asks again (a Technician gone home) are dropped as others are added.
    for (const [other, old] of this.entries) if (now - old.at >= this.maxAgeMs) this.entries.delete(other);
    // A failure is not an answer to keep: the next visit asks again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** How many answers are kept now (for the metrics and the tests). */
  get size(): number {
    return this.entries.size;
  }
}
