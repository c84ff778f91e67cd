import type { Cell, TableBlock } from './report-document';
import { tablesReadAhead } from './tables-ahead';

/** A table of `pages` pages of two rows, which records each page asked for and whether it was closed. */
function table(title: string, pages: number, failAt?: number) {
  const asked: number[] = [];
  let closed = false;
  const block: TableBlock = {
    kind: 'table',
    title,
    columns: [{ header: 'Asset tag', type: 'text' }],
    rows: async function* () {
      try {
        for (let page = 1; page <= pages; page++) {
          asked.push(page);
          await new Promise((resolve) => setImmediate(resolve));
          if (page === failAt) throw new Error(`The service did not answer page ${page} of ${title}.`);
          yield [[`${title}-${page}-a`], [`${title}-${page}-b`]] as Cell[][];
        }
      } finally {
        closed = true;
      }
    },
  };
  return { block, asked, closed: () => closed };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

async function readAll(rows: AsyncIterable<readonly Cell[][]>): Promise<string[]> {
  const cells: string[] = [];
  for await (const page of rows) for (const row of page) cells.push(String(row[0]));
  return cells;
}

describe('tablesReadAhead (the next table read while one is written)', () => {
  it('gives each table every row, in order, as reading it directly would', async () => {
    const a = table('A', 5);
    const b = table('B', 3);
    const ahead = tablesReadAhead([a.block, b.block], 2);
    const first = await readAll(ahead.rows(a.block));
    const second = await readAll(ahead.rows(b.block));
    await ahead.close();
    expect(first).toEqual(await readAll(table('A', 5).block.rows()));
    expect(second).toEqual(await readAll(table('B', 3).block.rows()));
    expect(a.closed() && b.closed()).toBe(true);
  });

  it('reads the next table while this one is written, holding at most the pages it is allowed', async () => {
    const a = table('A', 3);
    const b = table('B', 10);
    const c = table('C', 10);
    const ahead = tablesReadAhead([a.block, b.block, c.block], 4);
    const rows = ahead.rows(a.block)[Symbol.asyncIterator]();
    await rows.next();
    await settle();
    // B's pages are asked for before A is done, four of them: no more until one is taken.
    expect(b.asked).toEqual([1, 2, 3, 4]);
    // Only the next table: C waits for its turn.
    expect(c.asked).toEqual([]);
    await ahead.close();
  });

  it('reads on past short tables to the next long one, within the same pages', async () => {
    const a = table('A', 3);
    const b = table('B', 1);
    const c = table('C', 10);
    const d = table('D', 10);
    const ahead = tablesReadAhead([a.block, b.block, c.block, d.block], 4);
    const rows = ahead.rows(a.block)[Symbol.asyncIterator]();
    await rows.next();
    await settle();
    // B's one page waits and C fills the rest; D waits for C to be read.
    expect(b.asked).toEqual([1]);
    expect(c.asked).toEqual([1, 2, 3]);
    expect(d.asked).toEqual([]);
    // Taking B's page (the writer is on B) leaves room for one more of C.
    await readAll(ahead.rows(b.block));
    await settle();
    expect(c.asked).toEqual([1, 2, 3, 4]);
    await ahead.close();
  });

  it('fails a table at the page that failed, when that table is written, not before', async () => {
    const a = table('A', 2);
    const b = table('B', 5, 3);
    const ahead = tablesReadAhead([a.block, b.block], 10);
    await expect(readAll(ahead.rows(a.block))).resolves.toHaveLength(4);
    const read: string[] = [];
    await expect(
      (async () => {
        for await (const page of ahead.rows(b.block)) for (const row of page) read.push(String(row[0]));
      })(),
    ).rejects.toThrow('The service did not answer page 3 of B.');
    expect(read).toEqual(['B-1-a', 'B-1-b', 'B-2-a', 'B-2-b']);
    await ahead.close();
  });

  it('stops reading and closes the tables when the writer gives up part way', async () => {
    const a = table('A', 10);
    const b = table('B', 10);
    const ahead = tablesReadAhead([a.block, b.block], 3);
    const rows = ahead.rows(a.block)[Symbol.asyncIterator]();
    await rows.next();
    await ahead.close();
    expect(a.closed()).toBe(true);
    expect(b.closed()).toBe(true);
    const askedThen = [a.asked.length, b.asked.length];
    await settle();
    expect([a.asked.length, b.asked.length]).toEqual(askedThen);
  });
});
