import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Logger } from 'pino';
import { NatsMetrics } from './nats-metrics';
import { QueueDepthGauge, readQueueDepth, type CountableQueue, type QueueConnection } from './queue-depth';
import { ScrapeRead } from './scrape-read';

/** A value read from elsewhere before each scrape, and what sets its gauges from it. */
interface ScrapeSource {
  refresh(): Promise<void>;
}

/**
 * One process's metrics: its own prom-client registry (never the global one, so the tests that
 * run several services in one Node.js process keep them apart), the default process metrics (CPU,
 * memory, event loop, garbage collection), and every series labelled with the process's
 * `service` (gateway, identity, …, reports-worker).
 */
export class ProcessMetrics {
  readonly registry = new Registry();
  readonly nats: NatsMetrics;
  private readonly sourceUp: Gauge<'source'>;
  private readonly sources: ScrapeSource[] = [];
  private queues: QueueDepthGauge | undefined;

  constructor(
    readonly service: string,
    readonly logger: Logger,
  ) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.nats = new NatsMetrics(this.registry);
    this.sourceUp = new Gauge({
      name: 'caliber_scrape_source_up',
      help: 'Whether the last scrape could read a source of gauges (1) or left its gauges out (0)',
      labelNames: ['source'],
      registers: [this.registry],
    });
  }

  /**
   * A value read from a database or Redis before every scrape, with a deadline (see ScrapeRead):
   * `apply` sets its gauges from it, or takes them out of the scrape (`undefined`: unreadable).
   * Whether it could be read is `caliber_scrape_source_up{source}`.
   */
  addScrapeSource<T>(
    source: string,
    read: () => Promise<T>,
    apply: (value: T | undefined) => void,
    timeoutMs?: number,
  ): void {
    const reader = new ScrapeRead(
      {
        source,
        logger: this.logger,
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        onOutcome: (up) => this.sourceUp.set({ source }, up ? 1 : 0),
      },
      read,
    );
    this.sources.push({ refresh: async () => apply(await reader.value()) });
  }

  /** Reports a BullMQ queue's depth by state at every scrape (`caliber_queue_jobs`). */
  watchQueue(name: string, queue: CountableQueue, connection: QueueConnection): void {
    const gauge = (this.queues ??= new QueueDepthGauge(this.registry));
    this.addScrapeSource(
      `queue:${name}`,
      () => readQueueDepth(queue, connection),
      (depth) => gauge.show(name, depth),
    );
  }

  /**
   * The Prometheus text exposition of every metric of this process. The sources are read first,
   * all at once, each within its deadline: a scrape takes at most the longest deadline.
   */
  async exposition(): Promise<{ contentType: string; body: string }> {
    await Promise.all(this.sources.map((source) => source.refresh()));
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
