/**
 * At most `atOnce` tasks run together; up to `waiting` more wait for a slot, first come first
 * served; a task beyond those is refused at once with `busy()`. So a burst of work neither runs
 * unbounded nor queues unbounded, and what waits is bounded by the queue's length.
 */
export class BoundedSlots {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly atOnce: number,
    private readonly waiting: number,
    private readonly busy: () => Error,
  ) {}

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.atOnce) this.running += 1;
    else if (this.queue.length < this.waiting)
      // The slot is handed over by the task that ends (see below), so `running` stays as it is.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    else throw this.busy();
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
