import { EventEmitter } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatCell, formatNumber, isNumericColumn, type WriteOptions } from './format';
import type { Cell, ChartBlock, ReportDocument, TableBlock, TableColumn } from './report-document';
import {
  addStyledRow,
  cellValue,
  columnStyle,
  HEADER_FILL,
  HEADER_FONT,
  MUTED_FONT,
  planSheetNames,
  writeChartsSheet,
  writeHeatMapSheet,
  writeSummarySheet,
  type SheetTarget,
} from './xlsx-sheets';
import { tablesReadAhead } from './tables-ahead';

/**
 * Writes the report as an XLSX workbook to `out`: a Summary sheet, a sheet per table and heat map,
 * and the charts' data. Resolves once the workbook is written and `out` ended.
 *
 * Normally the workbook is streamed (exceljs's WorkbookWriter): each table sheet is written as
 * its rows arrive and then let go, so memory stays bounded whatever the size of the inventory.
 * The interactive export makes each table an Excel table (banded rows, its own filter buttons).
 * exceljs's streaming writer has no tables (its WorksheetWriter writes no <tableParts> and
 * WorkbookWriter no table parts), so that export builds the workbook in memory with `addTable`:
 * it holds every row of every table until the end, and the caller bounds the rows it asks for.
 */
export async function writeXlsx(
  doc: ReportDocument,
  out: Writable,
  options: WriteOptions = {},
): Promise<void> {
  const timeZone = options.timeZone ?? 'UTC';
  if (doc.options.interactiveExport) {
    await writeInteractiveXlsx(doc, out, timeZone);
    return;
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  describe(workbook, doc);
  const target: SheetTarget = {
    addWorksheet: (name, sheetOptions) => workbook.addWorksheet(name, sheetOptions),
    finish: (sheet) => sheet.commit(),
  };
  const tables = doc.sections.flatMap((section) =>
    section.blocks.filter((block): block is TableBlock => block.kind === 'table'),
  );
  const ahead = tablesReadAhead(tables, XLSX_PAGES_AHEAD);
  try {
    await writeSheets(doc, target, timeZone, (name, block) =>
      streamTableSheet(target, name, block, ahead.rows(block), timeZone, out),
    );
    await workbook.commit();
  } finally {
    await ahead.close();
  }
}

/**
 * Pages of the tables after the one being written that may wait, all together (`tablesReadAhead`):
 * 40 pages of 500 rows, about 6 MB of rows as the services send them (250 to 330 bytes a row).
 */
export const XLSX_PAGES_AHEAD = 40;

async function writeInteractiveXlsx(doc: ReportDocument, out: Writable, timeZone: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  describe(workbook, doc);
  const target: SheetTarget = {
    addWorksheet: (name, sheetOptions) => workbook.addWorksheet(name, sheetOptions),
    finish: () => undefined,
  };
  let tables = 0;
  await writeSheets(doc, target, timeZone, (name, block) =>
    interactiveTableSheet(target, name, block, timeZone, `Report_${++tables}_${tableSlug(block.title)}`),
  );
  await workbook.xlsx.write(out);
}

function describe(workbook: ExcelJS.Workbook, doc: ReportDocument): void {
  workbook.creator = doc.productName;
  workbook.title = doc.title;
  workbook.created = doc.generatedAt;
  workbook.modified = doc.generatedAt;
}

/** The sheets in order: Summary, each table and heat map in the sections' order, then the charts' data. */
async function writeSheets(
  doc: ReportDocument,
  target: SheetTarget,
  timeZone: string,
  writeTable: (name: string, block: TableBlock) => Promise<void>,
): Promise<void> {
  const names = planSheetNames(doc);
  writeSummarySheet(target, doc, names, timeZone);
  const charts: { section: string; block: ChartBlock }[] = [];
  for (const section of doc.sections) {
    for (const block of section.blocks) {
      const name = names.get(block) ?? '';
      if (block.kind === 'table') await writeTable(name, block);
      else if (block.kind === 'heatmap') writeHeatMapSheet(target, name, block);
      else if (block.kind === 'chart' && doc.options.charts) charts.push({ section: section.title, block });
    }
  }
  if (charts.length > 0) writeChartsSheet(target, charts);
}

// ---------------------------------------------------------------- streamed tables

/**
 * A table sheet written row by row. The streaming writer writes the column widths before the
 * first row, when only the first page has been read: widths come from the width hints, the
 * headers and the first page of rows (the longest value there).
 */
async function streamTableSheet(
  target: SheetTarget,
  name: string,
  block: TableBlock,
  rows: AsyncIterable<readonly Cell[][]>,
  timeZone: string,
  out: Writable,
): Promise<void> {
  const sheet = target.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const iterator = rows[Symbol.asyncIterator]();
  let count = 0;
  try {
    const first = await iterator.next();
    const firstPage = first.done ? [] : first.value;
    const styles = block.columns.map((column) => columnStyle(column, block.currency));
    sheet.columns = block.columns.map((column, index) => ({
      width: columnWidth(column, firstPage, index, block.currency),
      style: styles[index],
    }));
    headerRow(sheet, block.columns);
    const write = (rows: readonly Cell[][]) => {
      for (const row of rows) {
        const added = sheet.addRow(
          block.columns.map((column, index) => cellValue(row[index] ?? null, column, timeZone)),
        );
        shareColumnStyles(added, styles);
        added.commit();
        count++;
      }
    };
    write(firstPage);
    for (let page = await iterator.next(); !page.done; page = await iterator.next()) {
      write(page.value);
      await letZipCatchUp(sheet, out);
    }
  } finally {
    await iterator.return?.();
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: count + 1, column: block.columns.length } };
  tableFooter(sheet, block, count);
  target.finish(sheet);
}

/**
 * Gives each cell of a data row its column's style object itself. exceljs copies the column's style
 * into a new object for every cell, and its style table knows a style again only by the object
 * (a WeakMap): each copy was looked up by writing it out as XML, and each left an entry in the
 * WeakMap, for every cell of every row, most of the XLSX's time and much of its memory. The
 * copy and the column's style say the same (number format, alignment), so the file is unchanged.
 */
export function shareColumnStyles(row: ExcelJS.Row, styles: readonly Partial<ExcelJS.Style>[]): void {
  styles.forEach((style, index) => {
    row.getCell(index + 1).style = style;
  });
}

/** What exceljs's streamed sheet keeps of its way into the zip (see `zipInputOf`). */
interface StreamedSheet {
  stream?: { pipes?: unknown };
}

/**
 * A stream that may be full: Node's, or readable-stream's (archiver's), which has no
 * `writableNeedDrain` but keeps the same flag in its writable state and also says 'drain'.
 */
type Fillable = EventEmitter & {
  writableNeedDrain?: boolean;
  _writableState?: { needDrain?: boolean };
  destroyed?: boolean;
};

/**
 * The stream a streamed sheet's rows enter the zip by. exceljs writes a sheet into its own buffer
 * stream, which archiver reads through a PassThrough; the buffer writes on without heeding that
 * PassThrough's backpressure, so while the zip compresses and `out` stores, rows written faster
 * pile up there. Null where the exceljs in use is built otherwise (then only `out` is waited for).
 */
export function zipInputOf(sheet: ExcelJS.Worksheet): Fillable | null {
  const pipes = (sheet as unknown as StreamedSheet).stream?.pipes;
  const input: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  return input instanceof EventEmitter ? (input as Fillable) : null;
}

/**
 * Between pages, wait while the sheet's rows wait to be compressed or `out` is full, so neither a
 * fast data source nor a slow reader makes the worker hold the table: memory stays at a page or so
 * of rows however long the table is.
 */
async function letZipCatchUp(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const input = zipInputOf(sheet);
  if (input) await drained(input);
  await drained(out);
}

async function drained(stream: Fillable): Promise<void> {
  const full = stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;
  if (!full || stream.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}

function headerRow(sheet: ExcelJS.Worksheet, columns: readonly TableColumn[]): void {
  const row = sheet.addRow(columns.map((column) => column.header));
  columns.forEach((column, index) => {
    const cell = row.getCell(index + 1);
    cell.font = HEADER_FONT;
    cell.fill = HEADER_FILL;
    cell.alignment = { vertical: 'middle', horizontal: isNumericColumn(column.type) ? 'right' : 'left' };
  });
  row.height = 20;
  row.commit();
}

/** "No rows." for an empty table, then the table's note a row below the data. */
function tableFooter(sheet: ExcelJS.Worksheet, block: TableBlock, count: number): void {
  if (count === 0) addStyledRow(sheet, ['No rows.'], { font: MUTED_FONT });
  if (!block.note) return;
  sheet.addRow([]).commit();
  addStyledRow(sheet, [block.note], { font: MUTED_FONT });
}

/** Characters a value takes in the cell, as Excel shows it in the column's format. */
function displayLength(cell: Cell, column: TableColumn, currency: string | undefined): number {
  if (cell === null) return 1;
  if (column.type === 'date') return 10;
  if (column.type === 'datetime') return 16;
  return formatCell(cell, column, currency).length;
}

/** A column's width: its hint, else its header (with room for the filter button) or its longest sampled value. */
function columnWidth(
  column: TableColumn,
  sample: readonly Cell[][],
  index: number,
  currency: string | undefined,
): number {
  const header = column.header.length + 4;
  if (column.width !== undefined && column.width > 0) return Math.min(80, Math.max(column.width, header));
  const content = Math.max(0, ...sample.map((row) => displayLength(row[index] ?? null, column, currency)));
  return Math.min(60, Math.max(8, header, content + 2));
}

// ---------------------------------------------------------------- interactive tables

/** Letters, digits and underscores from a title, for the name of its Excel table. */
function tableSlug(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'Table'
  );
}

/** Headers made unique (Excel tables require it), "Cost", "Cost (2)", …. */
function uniqueHeaders(columns: readonly TableColumn[]): string[] {
  const seen = new Set<string>();
  return columns.map((column, index) => {
    let name = column.header.trim() || `Column ${index + 1}`;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${column.header.trim()} (${n})`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/**
 * The most rows an Excel table holds: an interactive table is built in memory (its range must be
 * known when it is added), at about 7 KB a row in exceljs's model, so its size is bounded here.
 * At 20,000 rows a table, the interactive export of a 50,000-device inventory peaked at 700 to
 * 800 MB, and two in one worker could exceed its 1 GiB and end the other report with it. The
 * sheet says how many rows it leaves out; the plain export streams every row.
 */
export const INTERACTIVE_MAX_TABLE_ROWS = 5_000;

/**
 * A table sheet as an Excel table: its rows are all read first (the table's range must be known
 * when it is added). An empty table stays a plain header row with a filter: Excel refuses a table
 * without a data row.
 */
async function interactiveTableSheet(
  target: SheetTarget,
  name: string,
  block: TableBlock,
  timeZone: string,
  tableName: string,
): Promise<void> {
  const sheet = target.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const sample: Cell[][] = [];
  const rows: ExcelJS.CellValue[][] = [];
  let total = 0;
  for await (const page of block.rows()) {
    for (const row of page) {
      total++;
      if (sample.length < 500) sample.push(row);
      if (rows.length < INTERACTIVE_MAX_TABLE_ROWS)
        rows.push(block.columns.map((column, index) => cellValue(row[index] ?? null, column, timeZone)));
    }
  }
  sheet.columns = block.columns.map((column, index) => ({
    width: columnWidth(column, sample, index, block.currency),
    style: columnStyle(column, block.currency),
  }));
  if (rows.length === 0) {
    headerRow(sheet, block.columns);
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: block.columns.length } };
  } else {
    const headers = uniqueHeaders(block.columns);
    sheet.addTable({
      name: tableName,
      ref: 'A1',
      headerRow: true,
      totalsRow: false,
      style: { theme: 'TableStyleMedium2', showRowStripes: true },
      columns: block.columns.map((column, index) => ({
        name: headers[index] ?? column.header,
        filterButton: true,
        style: columnStyle(column, block.currency),
      })),
      rows,
    });
  }
  tableFooter(sheet, block, rows.length);
  if (total > rows.length)
    addStyledRow(
      sheet,
      [
        `The first ${formatNumber(rows.length)} of ${formatNumber(total)} rows are in this table; export without interactive tables for them all.`,
      ],
      { font: MUTED_FONT },
    );
  target.finish(sheet);
}
