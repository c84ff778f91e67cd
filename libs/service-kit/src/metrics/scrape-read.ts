import type { Logger } from 'pino';

/** How long a scrape waits for a value that lives elsewhere (a database, Redis) by default. */
export const SCRAPE_READ_TIMEOUT_MS = 1000;

export interface ScrapeReadOptions {
  /** What the value is read from, for the log and the `caliber_scrape_source_up` gauge. */
  source: string;
  logger: Logger;
  timeoutMs?: number;
  /** Told after every attempt whether the value could be read. */
  onOutcome?(up: boolean): void;
}

/**
 * A value read at scrape time from a database or Redis, for a gauge. A scrape must never hang nor
 * fail because of it, and must never add load to a dependency that is already struggling:
 * - a read gets `timeoutMs`; past it the scrape goes on without the value;
 * - never two reads at once. A scrape that arrives while a read is running and still within its
 *   deadline waits for that read's answer (within the arriving scrape's own deadline) rather than
 *   failing: two Prometheus servers (an HA pair) or a person's curl scrape the same process at
 *   overlapping moments, and neither may see the source as down because of the other. Only a read
 *   that has outlived its deadline is given up on: while it is still running, later scrapes go
 *   without the value instead of piling more queries onto the dependency;
 * - a failure is logged once (at warn), not on every scrape, until a read succeeds again (logged
 *   at info).
 * `value()` answers `undefined` whenever the value could not be read; it never throws.
 */
export class ScrapeRead<T> {
  /** The read in flight, and when its deadline passes (ms, `performance.now()`). */
  private running: { answer: Promise<T>; overdueAt: number } | null = null;
  private failing = false;

  constructor(
    private readonly options: ScrapeReadOptions,
    private readonly read: () => Promise<T>,
  ) {}

  async value(): Promise<T | undefined> {
    const timeoutMs = this.options.timeoutMs ?? SCRAPE_READ_TIMEOUT_MS;
    const now = performance.now();
    let answer: Promise<T>;
    if (this.running) {
      if (now >= this.running.overdueAt)
        return this.failed(new Error(`the previous read is still running past its ${timeoutMs} ms`));
      // Within its deadline: this scrape shares its answer.
      answer = this.running.answer;
    } else {
      answer = (async () => this.read())();
      const running = { answer, overdueAt: now + timeoutMs };
      this.running = running;
      const done = () => {
        if (this.running === running) this.running = null;
      };
      answer.then(done, done);
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([
        answer,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      if (this.failing)
        this.options.logger.info({ source: this.options.source }, 'metrics source readable again');
      this.failing = false;
      this.options.onOutcome?.(true);
      return value;
    } catch (error) {
      return this.failed(error);
    } finally {
      clearTimeout(timer);
    }
  }

  private failed(error: unknown): undefined {
    if (!this.failing)
      this.options.logger.warn(
        { source: this.options.source, error: error instanceof Error ? error.message : String(error) },
        'metrics source not readable; its gauges are left out of the scrape until it is',
      );
    this.failing = true;
    this.options.onOutcome?.(false);
    return undefined;
  }
}
