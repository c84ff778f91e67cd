import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Cell } from '../document/report-document';

/**
 * A report's scratch files, in a directory of its own removed once the report is written (or has
 * failed). A builder that must read a long table twice, once to total it and once to write it,
 * writes its rows here on the first reading and reads them back for the second: the owners of
 * the data are asked once, and the worker holds a page of rows, never the whole table, whatever
 * the inventory's size.
 */
export class ReportScratch {
  private readonly spills: RowSpill[] = [];

  /** `directory`: where the report's files are, its own. */
  private constructor(readonly directory: string) {}

  static async create(): Promise<ReportScratch> {
    return new ReportScratch(await mkdtemp(join(tmpdir(), 'caliber-report-')));
  }

  /** A new file of table rows in the directory. */
  rows(): RowSpill {
    const spill = new RowSpill(join(this.directory, `rows-${this.spills.length + 1}.ndjson`));
    this.spills.push(spill);
    return spill;
  }

  /**
   * Closes every file still open (a report that failed mid-table, a PDF that wrote only a table's
   * first rows) and removes the directory: nothing of a report stays on disk or held open.
   */
  async remove(): Promise<void> {
    for (const spill of this.spills) spill.close();
    await rm(this.directory, { recursive: true, force: true });
  }
}

/** How many rows a page read back holds: the size of a page the owners answer. */
const PAGE = 500;

/**
 * Table rows written once, one JSON line a row (cells are text, numbers and nulls, which JSON
 * keeps exactly), then read back in pages as often as asked. A failure to write (a full disk)
 * fails the next write, and so the report, never the process.
 */
export class RowSpill {
  private out: WriteStream | null = null;
  private failure: Error | null = null;
  private finished: Promise<void> | null = null;
  private readonly readers = new Set<{ destroy(): void }>();

  constructor(private readonly path: string) {}

  /** Appends rows, waiting when the disk is behind so no more than a page waits in memory. */
  async write(rows: readonly Cell[][]): Promise<void> {
    if (this.finished) throw new Error('The rows were already read back.');
    if (this.failure) throw this.failure;
    const out = (this.out ??= this.open());
    const text = rows.map((row) => `${JSON.stringify(row)}\n`).join('');
    if (out.write(text)) return;
    await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (this.failure) throw this.failure;
  }

  /** The rows written, in order, a page at a time. */
  async *read(): AsyncGenerator<Cell[][]> {
    this.finished ??= this.finish();
    await this.finished;
    if (this.failure) throw this.failure;
    if (!this.out) return;
    const input = createReadStream(this.path, { encoding: 'utf8' });
    this.readers.add(input);
    const lines = createInterface({ input, crlfDelay: Infinity });
    let page: Cell[][] = [];
    try {
      for await (const line of lines) {
        page.push(JSON.parse(line) as Cell[]);
        if (page.length < PAGE) continue;
        yield page;
        page = [];
      }
      if (page.length > 0) yield page;
    } finally {
      // A reader that stops early (the first rows of a PDF) must not leave the file open.
      lines.close();
      input.destroy();
      this.readers.delete(input);
    }
  }

  /** Closes the file, written or read, whatever was left unfinished. */
  close(): void {
    this.out?.destroy();
    for (const reader of this.readers) reader.destroy();
    this.readers.clear();
  }

  private open(): WriteStream {
    const out = createWriteStream(this.path, { encoding: 'utf8' });
    out.on('error', (error) => {
      this.failure = error;
    });
    return out;
  }

  private async finish(): Promise<void> {
    const out = this.out;
    if (!out || this.failure) return;
    out.end();
    await Promise.race([once(out, 'finish'), once(out, 'close')]);
  }
}
