export interface Coalescer {
  /** Asks for a run: now if the last one was at least the interval ago, else once at its end. */
  request(): void;
  /** Forgets a run still waiting (the screen went away). */
  cancel(): void;
}

/**
 * Runs `run` at most once per `intervalMs`. Live events come in bursts (certifying a task moves the
 * task and its device, several events at once; an import adds dozens of devices): the first
 * request after a quiet spell runs at once, and every request within the interval is gathered into
 * one run at its end, so the last change is always fetched and never more than once a second.
 */
export function coalesce(run: () => void, intervalMs: number): Coalescer {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    lastRunAt = Date.now();
    run();
  };
  return {
    request() {
      if (timer !== null) return;
      const wait = lastRunAt + intervalMs - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
