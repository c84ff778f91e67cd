import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ProcessMetrics } from '@caliber/service-kit';
import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';

/** The outbox's label in `caliber_outbox_*` (the only outbox so far). */
export const TASK_EFFECTS_OUTBOX = 'task_effects';

/** The statement's own limit in PostgreSQL: a slow read is cancelled there, not only abandoned here. */
const STATEMENT_TIMEOUT_MS = 800;

/**
 * The pending rows only, by the same condition as the partial index `task_effects_outbox_pending_idx`
 * (which holds the pending rows and nothing else): the read costs as much as the backlog, never as
 * much as the table's history of delivered effects.
 */
const PENDING_SQL = `
  SELECT count(*)::int AS "pending",
         COALESCE(EXTRACT(EPOCH FROM now() - min("created_at")), 0)::float8 AS "oldestSeconds"
    FROM "maintenance"."task_effects_outbox"
   WHERE "delivered_at" IS NULL AND "failed_at" IS NULL`;

interface Backlog {
  pending: number;
  oldestSeconds: number;
}

/**
 * `caliber_outbox_pending` and `caliber_outbox_oldest_pending_age_seconds` for the task-effects
 * outbox (task outcomes on their way to the inventory), read at scrape time. The table is shared:
 * every maintenance replica reports the same figures, one series per replica (take the max).
 */
@Injectable()
export class OutboxMetrics implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly metrics: ProcessMetrics,
  ) {}

  onModuleInit(): void {
    const registers = [this.metrics.registry];
    const pending = new Gauge({
      name: 'caliber_outbox_pending',
      help: 'Rows of an outbox not yet delivered nor refused for good, read at scrape time',
      labelNames: ['outbox'],
      registers,
    });
    const oldest = new Gauge({
      name: 'caliber_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest undelivered row of an outbox (0 when none waits), read at scrape time',
      labelNames: ['outbox'],
      registers,
    });
    const labels = { outbox: TASK_EFFECTS_OUTBOX };
    this.metrics.addScrapeSource(
      'outbox:task_effects',
      () => this.read(),
      (backlog) => {
        if (!backlog) {
          pending.remove(labels);
          oldest.remove(labels);
          return;
        }
        pending.set(labels, backlog.pending);
        oldest.set(labels, backlog.oldestSeconds);
      },
    );
  }

  private read(): Promise<Backlog> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`);
      const [row] = (await manager.query(PENDING_SQL)) as Backlog[];
      return row ?? { pending: 0, oldestSeconds: 0 };
    });
  }
}
