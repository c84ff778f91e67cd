/**
 * Answers that may be reused for a while, per key: the first asker computes, everyone asking
 * within `ttlMs` shares that answer (a burst of visits computes once). A failed computation is
 * not kept, so the next asker tries again. `ttlMs` 0 computes every time.
 */
export class TimedMemo<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, compute: () => Promise<T>, now: number = Date.now()): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.value;
    const value = compute();
    if (this.ttlMs <= 0) return value;
    this.entries.set(key, { at: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    // Expired entries of keys nobody asks again are dropped as others are added.
    for (const [other, entry] of this.entries) if (now - entry.at >= this.ttlMs) this.entries.delete(other);
    return value;
  }
}

/** How long the dashboard's figures of 30 days ago are reused (`DASHBOARD_TREND_CACHE_SECONDS`). */
export const DEFAULT_DASHBOARD_TREND_CACHE_SECONDS = 60;
