import { PassThrough } from 'node:stream';
import { ROSTER_COLUMNS, type RosterFileRow } from '@caliber/contracts';
import ExcelJS from 'exceljs';

/** One person as the export writes them: the roster file's columns, each as text. */
export type RosterExportRow = Omit<RosterFileRow, 'line'>;

/**
 * The roster as an XLSX workbook, in the columns an import reads, so an export is a template too.
 * Written row by row as the pages of people arrive (exceljs's streaming writer), so the thread
 * holds the workbook's bytes and one page, never the whole roster as objects. Runs in a worker
 * thread.
 */
export async function writeRosterWorkbook(pages: AsyncIterable<readonly RosterExportRow[]>): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: true,
  });
  workbook.creator = 'Caliber CMMS';
  const sheet = workbook.addWorksheet('Staff roster', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = ROSTER_COLUMNS.map(({ key, header }) => ({
    key,
    header,
    width: key === 'name' || key === 'email' ? 30 : key === 'department' ? 24 : 16,
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const page of pages) for (const person of page) sheet.addRow({ ...person }).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
