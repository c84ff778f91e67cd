import { ROSTER_COLUMNS, type RosterFileRow } from '@caliber/contracts';
import { writeWorkbook } from '@caliber/file-kit/worker';

/** One person as the export writes them: the roster file's columns, each as text. */
export type RosterExportRow = Omit<RosterFileRow, 'line'>;

/**
 * The roster as an XLSX workbook, in the columns an import reads, so an export is a template too.
 * Written row by row as the pages of people arrive (exceljs's streaming writer), so the thread
 * holds the workbook's bytes and one page, never the whole roster as objects. Runs in a worker
 * thread.
 */
export async function writeRosterWorkbook(pages: AsyncIterable<readonly RosterExportRow[]>): Promise<Buffer> {
  const { sheet, finish } = writeWorkbook(
    'Staff roster',
    ROSTER_COLUMNS.map(({ key, header }) => ({
      key,
      header,
      width: key === 'name' || key === 'email' ? 30 : key === 'department' ? 24 : 16,
    })),
  );
  for await (const page of pages) for (const person of page) sheet.addRow({ ...person }).commit();
  return finish();
}
