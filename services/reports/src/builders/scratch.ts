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
  /** `directory`: where the report's files are, its own. */
  private constructor(readonly directory: string) {}

  private files = 0;

  static async create(): Promise<ReportScratch> {
    return new ReportScratch(await mkdtemp(join(tmpdir(), 'caliber-report-')));
  }

  /** A new file of table rows in the directory. */
  rows(): RowSpill {
    this.files += 1;
    return new RowSpill(join(this.directory, `rows-${this.files}.ndjson`));
  }

  /** Removes the directory and every file in it (nothing of a report is kept on disk). */
  async remove(): Promise<void> {
    await rm(this.directory, { recursive: true, force: true });
  }
}

/** How many rows a page read back holds: the size of a page the owners answer. */
const PAGE = 500;

/**
 * Table rows written once, one JSON line a row (cells are text, numbers and nulls, which JSON
 * keeps exactly), then read back in pages as often as asked.
 */
export class RowSpill {
  private out: WriteStream | null = null;
  private closed: Promise<void> | null = null;

  constructor(private readonly path: string) {}

  /** Appends rows, waiting when the disk is behind so no more than a page waits in memory. */
  async write(rows: readonly Cell[][]): Promise<void> {
    if (this.closed) throw new Error('The rows were already read back.');
    this.out ??= createWriteStream(this.path, { encoding: 'utf8' });
    const text = rows.map((row) => `${JSON.stringify(row)}\n`).join('');
    if (!this.out.write(text)) await once(this.out, 'drain');
  }

  /** The rows written, in order, a page at a time. */
  async *read(): AsyncGenerator<Cell[][]> {
    this.closed ??= this.finish();
    await this.closed;
    if (!this.out) return;
    const lines = createInterface({
      input: createReadStream(this.path, { encoding: 'utf8' }),
      crlfDelay: Infinity,
    });
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
      lines.close();
    }
  }

  private async finish(): Promise<void> {
    const out = this.out;
    if (!out) return;
    out.end();
    await once(out, 'finish');
  }
}
