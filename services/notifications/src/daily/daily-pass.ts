import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { calendarDateIn } from '@caliber/contracts';
import type { Logger } from 'pino';

/**
 * A look taken once the hospital's day has begun, at start and every `checkMs`, that tells
 * people what the day brings (PM fallen overdue, contracts coming up for renewal). Each day is
 * told once per replica (`doneDate`); a failed look is logged and taken up at the next. Telling
 * exactly once across replicas and restarts is the notifications' unique key, not this class.
 */
export abstract class DailyPass implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  protected stopped = false;
  /** The hospital date this replica has told in full. */
  private doneDate: string | null = null;

  protected constructor(
    private readonly schedule: { timeZone: string; checkMs: number },
    protected readonly logger: Logger,
    /** What the log says when a look fails: "overdue PM not all told". */
    private readonly failure: string,
  ) {}

  /** Tells what `date` brings, a page at a time; answers how many notifications it wrote. */
  protected abstract tell(date: string): Promise<number>;

  onApplicationBootstrap(): void {
    const tick = () => {
      if (this.stopped) return;
      void this.run().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.schedule.checkMs);
      });
    };
    tick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Tells today's if not done yet; answers how many notifications this call wrote. */
  run(now: Date = new Date()): Promise<number> {
    if (this.running) return this.running;
    const date = calendarDateIn(this.schedule.timeZone, now);
    this.running = (this.doneDate === date ? Promise.resolve(0) : this.tellDay(date))
      .catch((error: unknown) => {
        this.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          `${this.failure}; taken up again at the next look`,
        );
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async tellDay(date: string): Promise<number> {
    const made = await this.tell(date);
    if (!this.stopped) this.doneDate = date;
    return made;
  }
}
