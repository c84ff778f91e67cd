import { csvRows, csvText } from './csv';
import { FileRefusal, refuseContent } from './file-refusal';
import {
  megabytes,
  unreadableCsv,
  unreadableXlsx,
  type SheetFile,
  type SheetFileType,
  type SheetRow,
} from './sheet-file';
import { xlsxRows } from './xlsx';
import { refuseDeclaredBeyond, zipDirectory } from './zip';

/** What a file's first bytes say it is, whatever its name says. */
function signatureOf(bytes: Buffer): 'zip' | 'pdf' | 'ole' | 'other' {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'zip';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    return 'ole';
  return 'other';
}

/**
 * The checks an upload passes before a thread reads it, all cheap: not empty, within the size, what
 * its name says it is (a PDF, an old .xls or a workbook named .csv is refused with what it is), and
 * for a workbook, the sizes its ZIP directory declares within the unpacked bound.
 */
export function refuseUpload(file: SheetFile, type: SheetFileType, bytes: Buffer): void {
  if (bytes.length === 0) refuseContent(`The ${file.name} is empty.`);
  if (bytes.length > file.maxBytes)
    refuseContent(`The ${file.name} is larger than ${megabytes(file.maxBytes)} MB.`);
  const signature = signatureOf(bytes);
  if (signature === 'pdf')
    refuseContent(
      `The ${file.name} is a PDF document, not a spreadsheet: send the .xlsx or .csv file itself.`,
    );
  if (signature === 'ole')
    refuseContent(
      `The ${file.name} is an Excel 97-2003 workbook (.xls) or a workbook protected by a password, which cannot be read: open it in Excel, remove any password, and save it as "Excel Workbook (.xlsx)" or as CSV.`,
    );
  if (type === 'csv' && signature === 'zip')
    refuseContent(
      `The ${file.name} is a workbook (a ZIP file), not CSV text: if it is an Excel workbook, name it .xlsx.`,
    );
  if (type === 'xlsx') refuseDeclaredBeyond(zipDirectory(bytes, file), file);
}

/**
 * Every row counts towards the cap, the empty ones and those far down the sheet too: a row past
 * the last a file may use stops the reading there, so a sheet that jumps to row 1,048,576 costs no
 * more than one that ends at the cap.
 */
function refuseRowPastCap(file: SheetFile, line: number): never {
  return refuseContent(
    `${file.aName} may hold at most ${file.maxRows.toLocaleString('en')} ${file.rowsAre}, on rows 2 to ${(
      file.maxRows + 1
    ).toLocaleString(
      'en',
    )}; this one has a row ${line.toLocaleString('en')}. Empty rows count too: delete the rows below ${file.whole}.`,
  );
}

/**
 * A file's rows (XLSX: the first sheet; CSV: its records), one at a time, the header first, each
 * with the line it is on. Refuses with a FileRefusal a file that cannot be read, has a row past the
 * cap, or (a workbook) unpacks beyond the bound. Runs in a worker thread.
 */
export async function* sheetRows(
  file: SheetFile,
  type: SheetFileType,
  bytes: Buffer,
): AsyncGenerator<SheetRow> {
  const last = file.maxRows + 1;
  let seen = 0;
  try {
    const rows = type === 'csv' ? csvRows(csvText(bytes, file), file) : xlsxRows(bytes, file);
    for await (const row of rows) {
      seen += 1;
      if (row.line > last || seen > last) refuseRowPastCap(file, Math.max(row.line, seen));
      yield row;
    }
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    refuseContent(type === 'csv' ? unreadableCsv(file) : unreadableXlsx(file));
  }
}

/** Refusals of a file that has nothing to read. */
export const refuseNoRows = (file: SheetFile): never => refuseContent(`The ${file.name} has no rows.`);
export const refuseHeaderOnly = (file: SheetFile): never =>
  refuseContent(`The ${file.name} has no ${file.rowsAre} in it, only its header.`);
