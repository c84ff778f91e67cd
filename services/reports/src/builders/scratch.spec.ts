import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Cell } from '../document/report-document';
import { ReportScratch } from './scratch';

async function all(pages: AsyncGenerator<Cell[][]>): Promise<Cell[][][]> {
  const read: Cell[][][] = [];
  for await (const page of pages) read.push(page);
  return read;
}

describe('ReportScratch', () => {
  it('gives back the rows written, exactly, in pages of 500, as often as asked', async () => {
    const scratch = await ReportScratch.create();
    try {
      const spill = scratch.rows();
      const rows: Cell[][] = Array.from({ length: 1203 }, (_, index) => [
        `Device "${index}" \u2013 ICU\n`,
        index * 0.1,
        index % 2 === 0 ? null : -index,
      ]);
      for (let at = 0; at < rows.length; at += 300) await spill.write(rows.slice(at, at + 300));
      const first = await all(spill.read());
      expect(first.map((page) => page.length)).toEqual([500, 500, 203]);
      expect(first.flat()).toEqual(rows);
      expect((await all(spill.read())).flat()).toEqual(rows);
      await expect(spill.write([['late']])).rejects.toThrow('The rows were already read back.');
    } finally {
      await scratch.remove();
    }
  });

  it('reads nothing of rows never written, and leaves no directory behind', async () => {
    const scratch = await ReportScratch.create();
    expect(scratch.directory.startsWith(tmpdir())).toBe(true);
    expect(await all(scratch.rows().read())).toEqual([]);
    await scratch.rows().write([['a', 1]]);
    await scratch.remove();
    expect(existsSync(scratch.directory)).toBe(false);
  });

  it('closes a file read only in part, and one never read, when the report is done with them', async () => {
    const scratch = await ReportScratch.create();
    const spill = scratch.rows();
    await spill.write(Array.from({ length: 1200 }, (_, index) => [index]));
    const reading = spill.read();
    expect((await reading.next()).value).toHaveLength(500);
    // A PDF stops after its first rows: the reader is returned, and the file closed with it.
    await reading.return(undefined);
    const unread = scratch.rows();
    await unread.write([['never read']]);
    await scratch.remove();
    expect(existsSync(scratch.directory)).toBe(false);
  });

  it('fails the report, not the process, when its rows cannot be written', async () => {
    const scratch = await ReportScratch.create();
    await scratch.remove();
    // The directory is gone: the file cannot be opened.
    const spill = scratch.rows();
    await spill.write([['first']]).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(spill.write([['second']])).rejects.toThrow(/ENOENT/);
    await expect(spill.read().next()).rejects.toThrow(/ENOENT/);
  });
});
