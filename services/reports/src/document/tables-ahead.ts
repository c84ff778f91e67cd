import type { Cell, TableBlock } from './report-document';

type Page = readonly Cell[][];

/** Wakes whoever waits for something to change (a page arrived, a page was taken). */
class Signal {
  private waiting: (() => void)[] = [];

  wait(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  notify(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
  }
}

/** The pages all tables read ahead may hold between them. */
class Budget {
  used = 0;
  readonly freed = new Signal();

  constructor(readonly pages: number) {}

  give(): void {
    this.used -= 1;
    this.freed.notify();
  }
}

/** The table being written keeps at most this many pages waiting (its writer takes them at once). */
const WRITING_ROOM = 2;

/**
 * One table's pages in a queue: read ahead of its writer within the shared budget, then, once the
 * writer is on it (`writing`), just ahead of the writer.
 */
class TableReader {
  private readonly queue: { page: Page; budgeted: boolean }[] = [];
  private failure: { error: unknown } | null = null;
  private stopped = false;
  private writing = false;
  finished = false;
  private readonly arrived = new Signal();
  private readonly source: AsyncIterator<Page>;
  private readonly filling: Promise<void>;

  constructor(
    block: TableBlock,
    private readonly budget: Budget,
    private readonly onFinished: () => void,
  ) {
    this.source = block.rows()[Symbol.asyncIterator]();
    this.filling = this.fill();
  }

  /** The writer is on this table: it reads on without the budget, and what it holds counts no more. */
  write(): void {
    this.writing = true;
    this.budget.freed.notify();
  }

  private async fill(): Promise<void> {
    try {
      while (!this.stopped) {
        const budgeted = !this.writing;
        if (budgeted ? this.budget.used >= this.budget.pages : this.queue.length >= WRITING_ROOM) {
          await this.budget.freed.wait();
          continue;
        }
        if (budgeted) this.budget.used += 1;
        const next = await this.source.next();
        if (next.done || this.stopped) {
          if (budgeted) this.budget.give();
          break;
        }
        this.queue.push({ page: next.value, budgeted });
        this.arrived.notify();
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.finished = true;
      this.arrived.notify();
      this.onFinished();
    }
  }

  /** The pages in order: those waiting first, then each as it arrives. */
  async *pages(): AsyncGenerator<Page> {
    try {
      for (;;) {
        const next = this.queue.shift();
        if (next) {
          if (next.budgeted) this.budget.give();
          else this.budget.freed.notify();
          yield next.page;
          continue;
        }
        if (this.failure) throw this.failure.error;
        if (this.finished) return;
        await this.arrived.wait();
      }
    } finally {
      await this.stop();
    }
  }

  /** Stops reading: the page in flight lands, then the table's source is closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const { budgeted } of this.queue.splice(0)) if (budgeted) this.budget.give();
    this.budget.freed.notify();
    await this.filling;
    await this.source.return?.();
  }
}

/**
 * Rows of tables written one after the other, the tables after the one being written read while
 * it is written. The owners' reads are most of the time of a workbook, and a table is read one
 * page after another (its next page starts after its last row), so a workbook took the sum of its
 * tables' reads; now the next tables' reads overlap this one's, often on the other service. One
 * table is read ahead at a time, in order, and all of them together hold at most `pagesAhead`
 * pages, so memory stays bounded whatever the tables' lengths. For writers that read every row of
 * every table in order (the XLSX), not for those that read the first rows only. `close` stops
 * whatever is still being read (a writer that failed part way).
 */
export function tablesReadAhead(
  tables: readonly TableBlock[],
  pagesAhead: number,
): { rows(block: TableBlock): AsyncIterable<Page>; close(): Promise<void> } {
  const budget = new Budget(Math.max(1, pagesAhead));
  const readers = new Map<TableBlock, TableReader>();
  /** The table read ahead now: the next not yet started after the one written. */
  let ahead = -1;
  const start = (index: number): TableReader | undefined => {
    const block = tables[index];
    if (!block) return undefined;
    let reader = readers.get(block);
    if (!reader) {
      reader = new TableReader(block, budget, () => {
        // Read to its end: the next table is read ahead in its turn.
        if (index === ahead) readAheadFrom(index + 1);
      });
      readers.set(block, reader);
    }
    return reader;
  };
  const readAheadFrom = (index: number) => {
    ahead = index;
    const reader = start(index);
    if (reader?.finished) readAheadFrom(index + 1);
  };
  return {
    rows(block) {
      const index = tables.indexOf(block);
      const own = start(index);
      if (!own) return block.rows();
      own.write();
      if (ahead <= index) readAheadFrom(index + 1);
      return own.pages();
    },
    async close() {
      ahead = tables.length;
      await Promise.all([...readers.values()].map((reader) => reader.stop()));
    },
  };
}
