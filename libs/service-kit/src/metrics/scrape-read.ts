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
 * - never two reads at once: while one that outlived its deadline is still running, later
 *   scrapes go without the value instead of piling more queries onto the dependency;
 * - a failure is logged once (at warn), not on every scrape, until a read succeeds again (logged
 *   at info).
 * `value()` answers `undefined` whenever the value could not be read; it never throws.
 */
export class ScrapeRead<T> {
  private running: Promise<T> | null = null;
  private failing = false;

  constructor(
    private readonly options: ScrapeReadOptions,
    private readonly read: () => Promise<T>,
  ) {}

  async value(): Promise<T | undefined> {
    if (this.running) return this.failed(new Error('the previous read has not finished yet'));
    const running = (async () => this.read())();
    this.running = running;
    running.then(
      () => (this.running = null),
      () => (this.running = null),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeoutMs = this.options.timeoutMs ?? SCRAPE_READ_TIMEOUT_MS;
    try {
      const value = await Promise.race([
        running,
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
