import type { ChangeFeedPage } from '@caliber/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Where a reader keeps how far it has applied one change feed. `read` answers the position
 * without locking (0 when the feed was never read); `lock` answers it inside a transaction and
 * holds it until commit; `write` moves it in that same transaction.
 */
export interface FeedPositionStore {
  read(manager: EntityManager): Promise<string>;
  lock(manager: EntityManager): Promise<string>;
  write(manager: EntityManager, position: string): Promise<void>;
}

/**
 * A position kept as one row of a `feed_positions` table
 * (`feed varchar PRIMARY KEY, position bigint NOT NULL, read_at timestamptz`), one row per feed.
 * `table` is the quoted, schema-qualified name, e.g. `"equipment"."feed_positions"`.
 */
export function tableFeedPosition(table: string, feed: string): FeedPositionStore {
  const current = async (manager: EntityManager, lock: boolean): Promise<string> => {
    if (lock) {
      // The row must exist to be locked: the first reader creates it.
      await manager.query(
        `INSERT INTO ${table} ("feed", "position") VALUES ($1, 0) ON CONFLICT ("feed") DO NOTHING`,
        [feed],
      );
    }
    const rows: { position: string }[] = await manager.query(
      `SELECT "position"::text AS "position" FROM ${table} WHERE "feed" = $1${lock ? ' FOR UPDATE' : ''}`,
      [feed],
    );
    return rows[0]?.position ?? '0';
  };
  return {
    read: (manager) => current(manager, false),
    lock: (manager) => current(manager, true),
    write: async (manager, position) => {
      await manager.query(`UPDATE ${table} SET "position" = $2, "read_at" = now() WHERE "feed" = $1`, [
        feed,
        position,
      ]);
    },
  };
}

export interface CatchUpFeedOptions<T> {
  dataSource: DataSource;
  position: FeedPositionStore;
  /** One page of the feed after `after` (a request to the service that owns it). */
  readPage(after: string): Promise<ChangeFeedPage<T>>;
  /** Applies a page's changes in the transaction that also moves the position. */
  apply(manager: EntityManager, changes: T[]): Promise<void>;
  /** Stops after this many pages even if more remain (a feed growing as fast as it is read). */
  maxPages?: number;
  /**
   * Where to start instead of the stored position: where this reader last left it. The stored
   * position only moves forward, so this is never ahead of it; when another reader moved it on
   * meanwhile, the page read from here is dropped (as any page another reader applied first) and
   * the catch-up goes on from the stored position. It saves reading the position on every answer.
   */
  from?: string;
}

export interface CatchUpOutcome {
  /** The position reached. */
  position: string;
  /** How many changes were applied. */
  applied: number;
  /** The feed said nothing more follows (false when stopped by `maxPages`). */
  caughtUp: boolean;
}

/**
 * Brings a local copy up to date with another service's change feed (`ChangeFeedPage`): reads
 * pages from the stored position and applies each one together with its new position, in one
 * transaction, so a crash between pages loses nothing and repeats nothing that matters (each
 * change carries its row's whole state, so applying one twice is harmless).
 *
 * Readers may run at once (several requests, several replicas). Pages are fetched without holding
 * anything; a page is applied only if the stored position is still the one it was read from (the
 * position row is locked to check), otherwise another reader got there first, and this one goes
 * on from where that one left off. So pages are always applied in feed order, and an older page
 * never overwrites a newer state.
 *
 * A failure of `readPage` (the owner is down) is thrown to the caller, who decides whether stale
 * data will do; whatever was applied before it stays applied.
 */
export async function catchUpFeed<T>(options: CatchUpFeedOptions<T>): Promise<CatchUpOutcome> {
  const { dataSource, position, readPage, apply, maxPages = 100 } = options;
  let after = options.from ?? (await position.read(dataSource.manager));
  let applied = 0;
  for (let pages = 0; pages < maxPages; pages += 1) {
    const page = await readPage(after);
    // A page that does not move forward would be asked for again forever; with nothing to apply
    // there is nothing to write either (the common case: nothing changed since the last read).
    const moves = BigInt(page.last) > BigInt(after);
    if (!moves) return { position: after, applied, caughtUp: true };
    const outcome = await dataSource.transaction(async (manager) => {
      const stored = await position.lock(manager);
      if (stored !== after) return { at: stored, applied: 0 };
      await apply(manager, page.changes);
      await position.write(manager, page.last);
      return { at: page.last, applied: page.changes.length };
    });
    const raced = outcome.at !== after && outcome.at !== page.last;
    applied += outcome.applied;
    after = outcome.at;
    if (!raced && !page.more) return { position: after, applied, caughtUp: true };
  }
  return { position: after, applied, caughtUp: false };
}

/**
 * The owner's side: a page of a feed from rows read with `LIMIT limit + 1` in sequence order (the
 * extra row only tells whether more follow), each row carrying its position as `seq`.
 */
export function changeFeedPage<Row extends { seq: string }, T>(
  rows: readonly Row[],
  limit: number,
  after: string,
  toChange: (row: Row) => T,
): ChangeFeedPage<T> {
  const page = rows.slice(0, limit);
  return { changes: page.map(toChange), last: page.at(-1)?.seq ?? after, more: rows.length > limit };
}

export interface FeedFollowerOptions<T> extends Omit<CatchUpFeedOptions<T>, 'dataSource'> {
  dataSource: DataSource;
  /** What is read, for the log line when the owner does not answer. */
  what: string;
  logger: { warn(details: object, message: string): void };
}

/**
 * A reader's copy of another service's feed, brought up to date on demand (`refresh`) before an
 * answer that needs it. Callers arriving while a catch-up runs share it instead of each asking the
 * owner. When the owner does not answer, the copy stands as it is (a figure a little behind is
 * better than no answer), the failure is logged, and the next refresh tries again.
 */
export class FeedFollower<T> {
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /**
   * The position this process's last catch-up reached. A refresh on demand starts there; the
   * periodic one reads the stored position, so a position moved by hand (a copy rebuilt from the
   * start) is followed within one interval.
   */
  private reached: string | null = null;
  /** When this process last found the copy up to date with the feed (null: not yet). */
  caughtUpAt: Date | null = null;

  constructor(private readonly options: FeedFollowerOptions<T>) {}

  /**
   * Also catches up every `intervalMs`, for a copy whose changes must reach this service's records
   * even when nobody asks for an answer that needs it (a rename reaching old rows). Starts with a
   * catch-up now. The timer does not keep the process alive.
   */
  poll(intervalMs: number): void {
    this.stopPolling();
    void this.refresh(true);
    this.timer = setInterval(() => void this.refresh(true), intervalMs);
    this.timer.unref();
  }

  stopPolling(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Catches up (or joins the catch-up running); `fromStored`: from the stored position. */
  refresh(fromStored = false): Promise<void> {
    this.inFlight ??= this.catchUp(fromStored).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async catchUp(fromStored: boolean): Promise<void> {
    try {
      const from = fromStored ? undefined : (this.reached ?? undefined);
      const outcome = await catchUpFeed({ ...this.options, from });
      this.reached = outcome.position;
      if (outcome.caughtUp) this.caughtUpAt = new Date();
    } catch (error) {
      this.options.logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        `${this.options.what} not brought up to date; answering from the stored copy`,
      );
    }
  }
}

/**
 * A Nest provider keeping a copy up to date with another service's feed while the module lives:
 * it catches up when the application starts and every `intervalMs` after (`FeedFollower.poll`),
 * and on demand (`refresh`). A service's follower extends it with its feed and what it applies.
 */
export abstract class PolledFeed<T> {
  protected constructor(
    private readonly follower: FeedFollower<T>,
    private readonly intervalMs: number,
  ) {}

  onApplicationBootstrap(): void {
    this.follower.poll(this.intervalMs);
  }

  onModuleDestroy(): void {
    this.follower.stopPolling();
  }

  refresh(): Promise<void> {
    return this.follower.refresh();
  }
}
