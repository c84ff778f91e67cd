import { bufferOf, fileJobKind } from './file-job';
import { refuseContent } from './sheets/file-refusal';
import { refuseUpload, sheetRows } from './sheets/read-sheet';
import type { SheetFileType } from './sheets/sheet-file';
import { INVENTORY_SHEET, ROSTER_SHEET } from './sheets/test-files';

/** An upload as a test sends it: its type and its bytes. */
interface TestUpload {
  type: SheetFileType;
  bytes: Uint8Array;
}

/** A sheet's rows as text, the header first; refused when its header lacks one of `columns`. */
async function rowsOf(upload: TestUpload, columns: readonly string[]): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of sheetRows(INVENTORY_SHEET, upload.type, bufferOf(upload.bytes)))
    rows.push([...row.cells()].map(([, text]) => text));
  const missing = columns.filter((name) => !(rows[0] ?? []).includes(name));
  if (missing.length > 0)
    refuseContent(`The first row must name the file's columns; missing: ${missing.join(', ')}.`);
  return rows;
}

/**
 * A job table for the pool's own tests, shaped as a service's is: two kinds that read a sheet
 * (with the limits of a roster and of an inventory file) and one streamed kind that writes one.
 */
export const TEST_FILE_JOBS = {
  readRoster: fileJobKind({
    subject: 'roster file',
    plural: 'roster files',
    verb: 'read',
    doing: 'reading',
    field: 'content',
    heapMb: 64,
    timeMs: 20_000,
    before: (upload: TestUpload) => refuseUpload(ROSTER_SHEET, upload.type, bufferOf(upload.bytes)),
    run: (upload: TestUpload) => rowsOf(upload, ['Name']),
  }),
  readInventory: fileJobKind({
    subject: 'inventory file',
    plural: 'inventory files',
    verb: 'read',
    doing: 'reading',
    field: 'content',
    heapMb: 192,
    timeMs: 30_000,
    before: (upload: TestUpload) => refuseUpload(INVENTORY_SHEET, upload.type, bufferOf(upload.bytes)),
    run: (upload: TestUpload) => rowsOf(upload, ['Name', 'Model']),
  }),
  writeInventory: fileJobKind({
    subject: 'inventory export',
    plural: 'inventory exports',
    verb: 'write',
    doing: 'writing',
    heapMb: 128,
    timeMs: 30_000,
    run: async (input: { separator: string }, pages: AsyncIterable<string[][]>): Promise<Uint8Array> => {
      const lines: string[] = [];
      for await (const page of pages) for (const row of page) lines.push(row.join(input.separator));
      return Buffer.from(lines.join('\n'));
    },
  }),
};

/** What the pool's tests say of each person's work. */
export const TEST_PERSON_WORK = {
  rosterFile: 'Your previous roster file is still being read. Wait for its answer, then send the next.',
  inventoryExport:
    'Your previous inventory export is still being written. Wait for it to download, then ask for the next.',
};
