import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** A workbook being written: its one sheet, to which rows are added and committed, and its end. */
export interface WorkbookWriting {
  sheet: ExcelJS.Worksheet;
  /** Commits the sheet and the workbook; answers the file's bytes. */
  finish(): Promise<Buffer>;
}

/**
 * An XLSX workbook written row by row with exceljs's streaming writer: a committed row is turned
 * into bytes at once and not kept as an object, and texts are written inline (no shared-strings
 * table growing with every distinct text), so a thread writing a large export holds the file's
 * bytes and the page it is writing, never every record. One sheet, its header row bold and frozen.
 */
export function writeWorkbook(sheetName: string, columns: Partial<ExcelJS.Column>[]): WorkbookWriting {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: true,
  });
  workbook.creator = 'Caliber CMMS';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return {
    sheet,
    async finish() {
      sheet.commit();
      await workbook.commit();
      return Buffer.concat(chunks);
    },
  };
}
