interface Entry {
  at: number;
  value: Promise<unknown>;
}

/**
 * Answers kept between requests by key, until something they count may have changed
 * (`changed()`), for at most `maxAgeMs`, and at most `maxEntries` of them (the oldest key goes
 * first). What drops them is the user's to decide (the gateway's dashboard figures, a service's
 * list answers).
 *
 * An entry is kept from the moment its computation starts, so a computation that started before
 * a change is dropped with the rest and never answers a request after it. Concurrent requests
 * with the same key share one computation; a failed one is not kept.
 */
export class KeptAnswers {
  private readonly entries = new Map<string, Entry>();

  constructor(
    protected readonly maxAgeMs: number,
    private readonly maxEntries: number = Number.POSITIVE_INFINITY,
  ) {}

  /** Something the answers count may have changed: nothing kept so far is used again. */
  changed(): void {
    this.entries.clear();
  }

  /** Whether answers are kept at all now (never with an age of 0). */
  get keeping(): boolean {
    return this.maxAgeMs > 0;
  }

  get<T>(key: string, compute: () => Promise<T>, now: number = Date.now()): Promise<T> {
    return this.getKeptIf(key, compute, () => true, now);
  }

  /**
   * As `get`, but an answer `worthKeeping` refuses answers only the requests that shared its
   * computation, and the next request asks again (an answer that says it is about to change).
   */
  getKeptIf<T>(
    key: string,
    compute: () => Promise<T>,
    worthKeeping: (value: T) => boolean,
    now: number = Date.now(),
  ): Promise<T> {
    if (!this.keeping) return compute();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.maxAgeMs) return kept.value as Promise<T>;
    return this.keep(key, compute, now, worthKeeping);
  }

  /**
   * Computes `key`'s answer now whatever is kept, and keeps it for the requests after: for a
   * request that must not be answered from before something it knows of (its own write).
   */
  renew<T>(key: string, compute: () => Promise<T>, now: number = Date.now()): Promise<T> {
    if (!this.keeping) return compute();
    return this.keep(key, compute, now);
  }

  private keep<T>(
    key: string,
    compute: () => Promise<T>,
    now: number,
    worthKeeping: (value: T) => boolean = () => true,
  ): Promise<T> {
    const value = compute();
    const entry: Entry = { at: now, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Keys nobody asks again (a Technician gone home, an old search) go as others are added.
    for (const [other, old] of this.entries) if (now - old.at >= this.maxAgeMs) this.entries.delete(other);
    // A Map keeps the order of insertion: the first key is the oldest.
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    // A failure is not an answer to keep, nor one not worth keeping: the next request asks again.
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((answer) => {
      if (!worthKeeping(answer)) forget();
    }, forget);
    return value;
  }

  /** How many answers are kept now (for the metrics and the tests). */
  get size(): number {
    return this.entries.size;
  }
}
