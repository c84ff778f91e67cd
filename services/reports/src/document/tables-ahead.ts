import type { Cell, TableBlock } from './report-document';

type Page = readonly Cell[][];

/**
 * One table's pages, read ahead of its writer into a short queue: at most `room` pages wait, so
 * what it holds is bounded however long the table is.
 */
class PagesAhead {
  private readonly queue: Page[] = [];
  private finished = false;
  private failure: { error: unknown } | null = null;
  private stopped = false;
  /** Wakes the reader (a page or the end arrived) or the filler (a page was taken). */
  private wake: (() => void) | null = null;
  private readonly filling: Promise<void>;
  private readonly source: AsyncIterator<Page>;

  constructor(
    block: TableBlock,
    private readonly room: number,
  ) {
    this.room = Math.max(1, room);
    this.source = block.rows()[Symbol.asyncIterator]();
    this.filling = this.fill();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private wait(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  private async fill(): Promise<void> {
    try {
      while (!this.stopped) {
        if (this.queue.length >= this.room) {
          await this.wait();
          continue;
        }
        const next = await this.source.next();
        if (next.done || this.stopped) break;
        this.queue.push(next.value);
        this.notify();
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.finished = true;
      this.notify();
    }
  }

  /** The pages in order: those waiting first, then each as it arrives. */
  async *pages(): AsyncGenerator<Page> {
    try {
      for (;;) {
        const page = this.queue.shift();
        if (page) {
          this.notify();
          yield page;
          continue;
        }
        if (this.failure) throw this.failure.error;
        if (this.finished) return;
        await this.wait();
      }
    } finally {
      await this.stop();
    }
  }

  /** Stops reading: the page in flight lands, then the table's source is closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    this.notify();
    await this.filling;
    await this.source.return?.();
  }
}

/**
 * Rows of tables written one after the other, each table's pages read while the table before it
 * is written. The owners' reads are most of the time of a workbook, and one table is read one
 * page after another (its next page starts after its last row), so a workbook took the sum of its
 * tables' reads; the next table's reads now overlap this one's, often from another service. At
 * most `pagesAhead` pages of the next table wait, so memory stays bounded. For writers that read
 * every row of every table in order (the XLSX), not for those that read the first rows only.
 * `close` stops whatever is still being read (a writer that failed part way).
 */
export function tablesReadAhead(
  tables: readonly TableBlock[],
  pagesAhead: number,
): { rows(block: TableBlock): AsyncIterable<Page>; close(): Promise<void> } {
  const started = new Map<TableBlock, PagesAhead>();
  const start = (block: TableBlock): PagesAhead => {
    let ahead = started.get(block);
    if (!ahead) {
      ahead = new PagesAhead(block, pagesAhead);
      started.set(block, ahead);
    }
    return ahead;
  };
  return {
    rows(block) {
      const own = start(block);
      const next = tables[tables.indexOf(block) + 1];
      if (next) start(next);
      return own.pages();
    },
    async close() {
      await Promise.all([...started.values()].map((ahead) => ahead.stop()));
    },
  };
}
