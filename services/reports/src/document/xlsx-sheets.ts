/** The XLSX writer's sheets other than the tables: Summary, heat maps, chart data; and the styles they share. */
import type ExcelJS from 'exceljs';
import {
  formatInstant,
  formatPeriod,
  isNumericColumn,
  NULL_TEXT,
  parseCalendarDate,
  parseTimestamp,
  seriesLabel,
  wallClock,
} from './format';
import { heatRange, heatShade } from './heat-shade';
import type {
  Cell,
  ChartBlock,
  ColumnType,
  HeatMapBlock,
  ReportBlock,
  ReportDocument,
  TableColumn,
} from './report-document';

/** Where sheets are added: the streaming writer commits each sheet when it is done, the workbook does not. */
export interface SheetTarget {
  addWorksheet(name: string, options?: Partial<ExcelJS.AddWorksheetOptions>): ExcelJS.Worksheet;
  /** Called once a sheet is complete: the streaming writer writes it out and lets it go. */
  finish(sheet: ExcelJS.Worksheet): void;
}

// ---------------------------------------------------------------- styles

const BRAND = 'FF1F3A5F';
export const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: BRAND } };
export const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const SECTION_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };
export const MUTED_FONT: Partial<ExcelJS.Font> = { italic: true, color: { argb: 'FF666666' } };

/** A fill of one colour, `RRGGBB`. */
export function solidFill(rgb: string): ExcelJS.Fill {
  return { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${rgb}` } };
}

/** ISO 4217 codes only: anything else could break the quoted prefix of the number format. */
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The number format of a column type; text has none. */
export function numberFormat(type: ColumnType, currency?: string): string | undefined {
  switch (type) {
    case 'integer':
      return '#,##0';
    case 'decimal':
      return '#,##0.00';
    case 'percent':
      return '0.0%';
    case 'hours':
      return '#,##0.0';
    case 'currency':
      return currency && CURRENCY_CODE.test(currency) ? `"${currency}" #,##0.00` : '#,##0.00';
    case 'date':
      return 'yyyy-mm-dd';
    case 'datetime':
      return 'yyyy-mm-dd hh:mm';
    case 'text':
      return undefined;
  }
}

/** A column's cell style: its number format, numbers aligned right. */
export function columnStyle(column: TableColumn, currency?: string): Partial<ExcelJS.Style> {
  const numFmt = numberFormat(column.type, currency);
  return {
    ...(numFmt ? { numFmt } : {}),
    ...(isNumericColumn(column.type) ? { alignment: { horizontal: 'right' } } : {}),
  };
}

/** Excel's limit on the characters of a cell. */
const MAX_CELL_TEXT = 32_767;

/**
 * A cell as Excel holds it: numbers as numbers, days as real dates, timestamps as the date and time
 * the hospital's clocks showed, unknown values as "—" (text, so no sum counts them as 0).
 */
export function cellValue(cell: Cell, column: TableColumn, timeZone: string): ExcelJS.CellValue {
  if (cell === null) return NULL_TEXT;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : NULL_TEXT;
  if (column.type === 'date') return parseCalendarDate(cell) ?? cell;
  if (column.type === 'datetime') {
    const at = parseTimestamp(cell);
    return at ? wallClock(at, timeZone) : cell;
  }
  return cell.length > MAX_CELL_TEXT ? cell.slice(0, MAX_CELL_TEXT) : cell;
}

/** Writes a row of values with an optional style for every cell, and commits it. */
export function addStyledRow(
  sheet: ExcelJS.Worksheet,
  values: ExcelJS.CellValue[],
  style: { font?: Partial<ExcelJS.Font>; fill?: ExcelJS.Fill; alignment?: Partial<ExcelJS.Alignment> } = {},
  height?: number,
): ExcelJS.Row {
  const row = sheet.addRow(values);
  row.eachCell({ includeEmpty: false }, (cell) => {
    if (style.font) cell.font = style.font;
    if (style.fill) cell.fill = style.fill;
    if (style.alignment) cell.alignment = style.alignment;
  });
  if (height) row.height = height;
  row.commit();
  return row;
}

// ---------------------------------------------------------------- sheet names

/** Names Excel keeps for itself or that this writer uses. */
const RESERVED = ['summary', 'charts data', 'history'];
export const SUMMARY_SHEET = 'Summary';
export const CHARTS_SHEET = 'Charts data';
const MAX_SHEET_NAME = 31;

/** A name Excel accepts: none of []:*?/\, no apostrophe at either end, at most 31 characters. */
function cleanSheetName(name: string): string {
  const clean = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  return clean;
}

/** Cuts a name to `length`, at a word boundary when one is near, so names do not end mid-word. */
function cut(name: string, length: number): string {
  if (name.length <= length) return name;
  const hard = name.slice(0, length);
  const space = hard.lastIndexOf(' ');
  return (space >= length - 8 ? hard.slice(0, space) : hard).replace(/[\s\-–,;.']+$/, '');
}

/**
 * Each table's and heat map's sheet name: "Section - Title" when it fits in 31 characters, else the
 * title alone, cut when it must be; a name already taken (Excel compares them case-blind) gets
 * " (2)", " (3)", ….
 */
export function planSheetNames(doc: ReportDocument): Map<ReportBlock, string> {
  const used = new Set(RESERVED);
  const names = new Map<ReportBlock, string>();
  for (const section of doc.sections) {
    for (const block of section.blocks) {
      if (block.kind !== 'table' && block.kind !== 'heatmap') continue;
      const title = cleanSheetName(block.title);
      const both = title ? cleanSheetName(`${section.title} - ${title}`) : cleanSheetName(section.title);
      const base = both.length <= MAX_SHEET_NAME ? both : cut(title || both, MAX_SHEET_NAME);
      names.set(block, uniqueName(base || (block.kind === 'table' ? 'Table' : 'Heat map'), used));
    }
  }
  return names;
}

function uniqueName(base: string, used: Set<string>): string {
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${cut(base, MAX_SHEET_NAME - suffix.length)}${suffix}`;
  }
  used.add(name.toLowerCase());
  return name;
}

// ---------------------------------------------------------------- Summary

const SUMMARY_WIDTHS = [34, 90];
/** Roughly how many characters of a wrapped paragraph fit on one line of the merged A:B cell. */
const SUMMARY_LINE_CHARS = 120;

/**
 * The first sheet: title, period, who and when, filters; then per section its summary paragraphs
 * (when asked for), figures, notes, and where its tables, charts and heat maps are.
 */
export function writeSummarySheet(
  target: SheetTarget,
  doc: ReportDocument,
  names: Map<ReportBlock, string>,
  timeZone: string,
): void {
  const sheet = target.addWorksheet(SUMMARY_SHEET, { properties: { tabColor: { argb: BRAND } } });
  sheet.columns = SUMMARY_WIDTHS.map((width) => ({ width }));
  addStyledRow(sheet, [doc.title], { font: { bold: true, size: 16, color: { argb: BRAND } } }, 24);
  addStyledRow(sheet, [doc.productName], { font: MUTED_FONT });
  sheet.addRow([]).commit();
  detail(sheet, 'Reporting period', formatPeriod(doc.period));
  detail(sheet, 'Generated for', doc.generatedFor);
  detail(sheet, 'Generated at', formatInstant(doc.generatedAt, timeZone, true));
  (doc.filterLines.length > 0 ? doc.filterLines : ['None']).forEach((line, index) =>
    detail(sheet, index === 0 ? 'Filters' : '', line),
  );
  addStyledRow(sheet, ['A dash (—) marks a value that is not recorded; it never stands for zero.'], {
    font: MUTED_FONT,
  });
  for (const section of doc.sections) {
    sheet.addRow([]).commit();
    const heading = sheet.addRow([section.title, '']);
    heading.eachCell({ includeEmpty: true }, (cell) => {
      cell.font = { bold: true, size: 13, color: { argb: BRAND } };
      cell.fill = SECTION_FILL;
    });
    heading.height = 20;
    heading.commit();
    if (doc.options.summary) for (const text of section.summary) wrappedParagraph(sheet, text, {});
    for (const block of section.blocks) summaryBlock(sheet, block, names, doc.options.charts);
  }
  target.finish(sheet);
}

function detail(sheet: ExcelJS.Worksheet, label: string, value: string): void {
  const row = sheet.addRow([label, value]);
  row.getCell(1).font = { bold: true, color: { argb: 'FF666666' } };
  row.commit();
}

/** A paragraph across A:B, wrapped, its row tall enough for its lines (Excel does not fit merged rows). */
function wrappedParagraph(sheet: ExcelJS.Worksheet, text: string, font: Partial<ExcelJS.Font>): void {
  const row = sheet.addRow([text]);
  sheet.mergeCells(row.number, 1, row.number, 2);
  row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
  row.getCell(1).font = font;
  row.height = Math.max(1, Math.ceil(text.length / SUMMARY_LINE_CHARS)) * 15 + 2;
  row.commit();
}

function summaryBlock(
  sheet: ExcelJS.Worksheet,
  block: ReportBlock,
  names: Map<ReportBlock, string>,
  charts: boolean,
): void {
  switch (block.kind) {
    case 'figures':
      addStyledRow(sheet, [block.title], { font: { bold: true } });
      for (const figure of block.figures) {
        sheet.addRow([figure.label, figure.value]).commit();
      }
      return;
    case 'note':
      wrappedParagraph(sheet, block.text, MUTED_FONT);
      return;
    case 'table':
    case 'heatmap':
      addStyledRow(sheet, [block.title, `See the sheet "${names.get(block) ?? block.title}".`], {
        font: MUTED_FONT,
      });
      return;
    case 'chart':
      if (charts)
        addStyledRow(sheet, [block.title, `Its data is on the sheet "${CHARTS_SHEET}".`], {
          font: MUTED_FONT,
        });
      return;
  }
}

// ---------------------------------------------------------------- heat maps

/** A heat map as a grid: row labels down A, column labels across, each cell filled with its shade. */
export function writeHeatMapSheet(target: SheetTarget, name: string, block: HeatMapBlock): void {
  const sheet = target.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 1, ySplit: 4 }] });
  const labelWidth = Math.min(40, Math.max(14, ...block.rowLabels.map((label) => label.length + 2)));
  sheet.columns = [
    { width: labelWidth },
    ...block.columnLabels.map((label) => ({ width: Math.min(24, Math.max(10, label.length + 2)) })),
  ];
  const integers = block.values.every((row) =>
    row.every((value) => value === null || Number.isInteger(value)),
  );
  const numFmt = integers ? '#,##0' : '#,##0.0';
  addStyledRow(sheet, [block.title], { font: { bold: true, size: 13, color: { argb: BRAND } } });
  addStyledRow(
    sheet,
    [`Values: ${block.unit}. The darker the cell, the higher the value; "—" means nothing to count.`],
    {
      font: MUTED_FONT,
    },
  );
  sheet.addRow([]).commit();
  addStyledRow(sheet, ['', ...block.columnLabels], {
    font: HEADER_FONT,
    fill: HEADER_FILL,
    alignment: { horizontal: 'center' },
  });
  const range = heatRange(block.values);
  block.rowLabels.forEach((label, rowIndex) => {
    const values = block.columnLabels.map((_, column) => block.values[rowIndex]?.[column] ?? null);
    const row = sheet.addRow([label, ...values.map((value) => value ?? NULL_TEXT)]);
    row.getCell(1).font = { bold: true };
    values.forEach((value, column) => {
      const cell = row.getCell(column + 2);
      const shade = heatShade(value, range?.min ?? 0, range?.max ?? 0);
      cell.fill = solidFill(shade.fill);
      cell.font = { color: { argb: `FF${shade.text}` } };
      cell.alignment = { horizontal: 'center' };
      if (value !== null) cell.numFmt = numFmt;
    });
    row.commit();
  });
  target.finish(sheet);
}

// ---------------------------------------------------------------- chart data

/**
 * exceljs cannot write Excel charts: each chart's data goes on one sheet as a small labelled table
 * (categories down, series across; forecasts named "… (forecast)"), ready to chart in Excel.
 */
export function writeChartsSheet(
  target: SheetTarget,
  charts: readonly { section: string; block: ChartBlock }[],
): void {
  const sheet = target.addWorksheet(CHARTS_SHEET);
  const seriesColumns = Math.max(
    2,
    ...charts.map(({ block }) => (block.chart.type === 'pie' ? 2 : block.chart.series.length)),
  );
  sheet.columns = [{ width: 30 }, ...Array.from({ length: seriesColumns }, () => ({ width: 20 }))];
  charts.forEach(({ section, block }, index) => {
    if (index > 0) sheet.addRow([]).commit();
    const unit = block.chart.type === 'pie' ? '' : block.chart.unit ? ` (${block.chart.unit})` : '';
    addStyledRow(sheet, [`${section} - ${block.title}${unit}`], {
      font: { bold: true, size: 12, color: { argb: BRAND } },
    });
    if (block.chart.type === 'pie') {
      const total = block.chart.slices.reduce((sum, slice) => sum + Math.max(0, slice.value), 0);
      addStyledRow(sheet, ['Slice', 'Value', 'Share'], { font: HEADER_FONT, fill: HEADER_FILL });
      for (const slice of block.chart.slices) {
        const row = sheet.addRow([
          slice.label,
          slice.value,
          total > 0 ? Math.max(0, slice.value) / total : NULL_TEXT,
        ]);
        row.getCell(3).numFmt = '0.0%';
        row.getCell(3).alignment = { horizontal: 'right' };
        row.commit();
      }
      return;
    }
    const { categories, series } = block.chart;
    addStyledRow(sheet, ['Category', ...series.map(seriesLabel)], { font: HEADER_FONT, fill: HEADER_FILL });
    categories.forEach((category, column) => {
      const row = sheet.addRow([category, ...series.map((s) => s.values[column] ?? NULL_TEXT)]);
      // General format: "480" and "374.5" as they are (a fixed format would show "480." or "374.50").
      series.forEach((_, index) => (row.getCell(index + 2).alignment = { horizontal: 'right' }));
      row.commit();
    });
  });
  target.finish(sheet);
}
