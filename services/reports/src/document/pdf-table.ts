import { formatCell, formatNumber, isNumericColumn, NULL_TEXT } from './format';
import {
  blockHeading,
  COLOR,
  contentBottom,
  contentLeft,
  contentWidth,
  fitLines,
  FONT,
  paragraph,
  textAt,
  textRightAt,
  useFont,
  winAnsi,
  type Pdf,
} from './pdf-layout';
import type { Cell, TableBlock, TableColumn } from './report-document';

/** At most this many lines of a text cell are printed; the rest is cut with "…". */
const MAX_CELL_LINES = 3;
const PAD_X = 4;
const PAD_Y = 3.5;
const MIN_COLUMN_WIDTH = 28;

interface TableLayout {
  x: number[];
  widths: number[];
  numeric: boolean[];
  fontSize: number;
  lineHeight: number;
}

/** A row ready to draw: each cell's lines, and whether it is the "—" of an unknown value. */
interface FittedRow {
  cells: { lines: string[]; unknown: boolean }[];
  height: number;
}

/**
 * The most rows a table shows in a PDF. A PDF keeps its pages until it numbers them, so a table of
 * a whole inventory would hold thousands of pages in memory; a reader wants the first ones and
 * the Excel export, which streams, has them all.
 */
export const PDF_MAX_TABLE_ROWS = 500;

/**
 * Draws a table block: heading, header row, zebra rows, its note. Rows are read page by page and
 * drawn as they come; only the page in hand is held. When a row does not fit, the table goes on
 * on a new page under a "(continued)" caption and the header row again.
 */
export async function drawTable(pdf: Pdf, block: TableBlock, timeZone: string): Promise<void> {
  const format = (rows: readonly Cell[][]) =>
    rows.map((row) =>
      block.columns.map((column, index) => formatCell(row[index] ?? null, column, block.currency, timeZone)),
    );
  const iterator = block.rows()[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    // The first page sets the column widths: the later pages are not read yet.
    const firstPage = first.done ? [] : format(first.value);
    const layout = tableLayout(pdf, block, firstPage);
    const header = fitHeader(pdf, block, layout);
    // The heading, the header and the first row stay together: a header alone at a page's foot
    // would head nothing.
    const firstRow = firstPage[0];
    const firstRowHeight = firstRow ? fitRow(pdf, firstRow, layout).height : layout.lineHeight + 2 * PAD_Y;
    blockHeading(pdf, block.title, header.height + firstRowHeight);
    drawHeader(pdf, header, layout);
    let drawn = 0;
    let seen = 0;
    const drawRows = (rows: string[][]) => {
      for (const row of rows) {
        seen++;
        if (drawn >= PDF_MAX_TABLE_ROWS) continue;
        const fitted = fitRow(pdf, row, layout);
        if (pdf.y + fitted.height > contentBottom(pdf)) {
          pdf.addPage();
          continuedCaption(pdf, block.title);
          drawHeader(pdf, header, layout);
        }
        drawRow(pdf, fitted, layout, drawn % 2 === 1);
        drawn++;
      }
    };
    drawRows(firstPage);
    for (let page = await iterator.next(); !page.done; page = await iterator.next()) {
      // Past the limit with the total known, nothing more is read.
      if (drawn >= PDF_MAX_TABLE_ROWS && block.totalRows !== undefined) break;
      drawRows(drawn >= PDF_MAX_TABLE_ROWS ? page.value.map(() => []) : format(page.value));
    }
    if (drawn === 0) noRows(pdf, layout);
    closingRule(pdf);
    const total = block.totalRows ?? seen;
    if (total > drawn) {
      pdf.y += 6;
      paragraph(
        pdf,
        `The first ${formatNumber(drawn)} of ${formatNumber(total)} rows are shown; the Excel export has them all.`,
        { italic: true, color: COLOR.muted, size: 9 },
      );
    }
  } finally {
    await iterator.return?.();
  }
  pdf.y += 6;
  if (block.note) paragraph(pdf, block.note, { italic: true, color: COLOR.muted, size: 9 });
  pdf.y += 6;
}

/** Smaller type for wider tables, so A4 portrait holds a dozen columns legibly. */
function fontSizeFor(columnCount: number): number {
  if (columnCount <= 5) return 9;
  if (columnCount <= 8) return 8;
  if (columnCount <= 11) return 7;
  return 6.5;
}

/**
 * Column widths from what the header and the first page need, in points. Every column gets at
 * least its floor (numbers whole, text its header's longest word); what is left goes to the
 * columns in proportion to how much more they would need to show their content on one line.
 */
function tableLayout(pdf: Pdf, block: TableBlock, sample: readonly string[][]): TableLayout {
  const total = contentWidth(pdf);
  const fontSize = fontSizeFor(block.columns.length);
  const needs = block.columns.map((column, index) => columnNeed(pdf, column, sample, index, fontSize, total));
  const widths = allocate(needs, total);
  const x: number[] = [];
  let left = contentLeft(pdf);
  for (const width of widths) {
    x.push(left);
    left += width;
  }
  return {
    x,
    widths,
    numeric: block.columns.map((column) => isNumericColumn(column.type)),
    fontSize,
    lineHeight: fontSize * 1.2,
  };
}

interface ColumnNeed {
  /** The width that shows every sampled cell on one line. */
  natural: number;
  /** The least width the column may get. */
  floor: number;
}

/** The first rows measured are enough to size the columns; measuring more only costs time. */
const MEASURED_ROWS = 100;

function columnNeed(
  pdf: Pdf,
  column: TableColumn,
  sample: readonly string[][],
  index: number,
  fontSize: number,
  total: number,
): ColumnNeed {
  const header = headerWidth(pdf, column.header, fontSize);
  useFont(pdf, FONT.regular, fontSize);
  const cells = sample.slice(0, MEASURED_ROWS).map((row) => winAnsi(row[index] ?? ''));
  const content =
    column.width !== undefined && column.width > 0
      ? column.width * pdf.widthOfString('n')
      : Math.max(0, ...cells.map((cell) => pdf.widthOfString(cell)));
  const padding = 2 * PAD_X + 1;
  // Numbers and days are shown whole: "14 February 2026" split over two lines reads badly.
  if (isNumericColumn(column.type) || column.type === 'date') {
    const natural = Math.max(header, content) + padding;
    return { natural, floor: natural };
  }
  const longestWord = Math.max(
    0,
    ...cells.map((cell) => Math.max(0, ...cell.split(/\s+/).map((w) => pdf.widthOfString(w)))),
  );
  const natural = Math.min(total * 0.45, Math.max(header, content) + padding);
  const floor = Math.min(
    natural,
    Math.max(header, Math.min(longestWord, 70), MIN_COLUMN_WIDTH - padding) + padding,
  );
  return { natural, floor };
}

/** The least width at which the header fits its lines without cutting a word. */
function headerWidth(pdf: Pdf, header: string, fontSize: number): number {
  useFont(pdf, FONT.bold, fontSize);
  const safe = winAnsi(header);
  let width = Math.max(0, ...safe.split(/\s+/).map((word) => pdf.widthOfString(word)));
  while (fitLines(pdf, safe, width, MAX_CELL_LINES + 1).length > MAX_CELL_LINES) width += 2;
  return width;
}

function allocate(needs: readonly ColumnNeed[], total: number): number[] {
  const natural = needs.reduce((sum, need) => sum + need.natural, 0);
  if (natural <= total) return needs.map((need) => need.natural * (total / natural));
  const floor = needs.reduce((sum, need) => sum + need.floor, 0);
  // Too narrow even for the floors (a great many columns): everything shrinks, numbers may be cut.
  if (floor >= total) return needs.map((need) => need.floor * (total / floor));
  const wanted = natural - floor;
  return needs.map((need) => need.floor + ((need.natural - need.floor) / wanted) * (total - floor));
}

function fitHeader(pdf: Pdf, block: TableBlock, layout: TableLayout): FittedRow {
  useFont(pdf, FONT.bold, layout.fontSize);
  const cells = block.columns.map((column, index) => ({
    lines: fitLines(pdf, column.header, cellWidth(layout, index), MAX_CELL_LINES),
    unknown: false,
  }));
  return { cells, height: rowHeight(cells, layout) };
}

/** Numbers stay on one line, cut if they must be; text wraps up to MAX_CELL_LINES lines. */
function fitRow(pdf: Pdf, row: readonly string[], layout: TableLayout): FittedRow {
  useFont(pdf, FONT.regular, layout.fontSize);
  const cells = row.map((text, index) => ({
    lines: fitLines(pdf, text, cellWidth(layout, index), layout.numeric[index] ? 1 : MAX_CELL_LINES),
    unknown: text === NULL_TEXT,
  }));
  return { cells, height: rowHeight(cells, layout) };
}

function rowHeight(cells: readonly { lines: string[] }[], layout: TableLayout): number {
  return Math.max(1, ...cells.map((cell) => cell.lines.length)) * layout.lineHeight + 2 * PAD_Y;
}

function cellWidth(layout: TableLayout, index: number): number {
  return (layout.widths[index] ?? MIN_COLUMN_WIDTH) - 2 * PAD_X;
}

function drawHeader(pdf: Pdf, header: FittedRow, layout: TableLayout): void {
  const top = pdf.y;
  pdf.rect(contentLeft(pdf), top, contentWidth(pdf), header.height).fill(COLOR.brand);
  useFont(pdf, FONT.bold, layout.fontSize);
  drawCells(pdf, header, layout, top, COLOR.white);
  pdf.y = top + header.height;
}

function drawRow(pdf: Pdf, row: FittedRow, layout: TableLayout, shaded: boolean): void {
  const top = pdf.y;
  if (shaded) pdf.rect(contentLeft(pdf), top, contentWidth(pdf), row.height).fill(COLOR.zebra);
  useFont(pdf, FONT.regular, layout.fontSize);
  drawCells(pdf, row, layout, top, COLOR.text);
  pdf.y = top + row.height;
}

function drawCells(pdf: Pdf, row: FittedRow, layout: TableLayout, top: number, color: string): void {
  row.cells.forEach((cell, index) => {
    const left = layout.x[index] ?? contentLeft(pdf);
    const width = layout.widths[index] ?? MIN_COLUMN_WIDTH;
    pdf.fillColor(cell.unknown ? COLOR.faint : color);
    cell.lines.forEach((line, lineIndex) => {
      const y = top + PAD_Y + lineIndex * layout.lineHeight + (layout.lineHeight - layout.fontSize) / 2;
      if (layout.numeric[index]) textRightAt(pdf, line, left + width - PAD_X, y);
      else textAt(pdf, line, left + PAD_X, y);
    });
  });
}

function continuedCaption(pdf: Pdf, title: string): void {
  useFont(pdf, FONT.italic, 8, COLOR.muted);
  textAt(pdf, `${title} (continued)`, contentLeft(pdf), pdf.y);
  pdf.y += 12;
}

function noRows(pdf: Pdf, layout: TableLayout): void {
  const top = pdf.y;
  useFont(pdf, FONT.italic, layout.fontSize, COLOR.muted);
  textAt(pdf, 'No rows.', contentLeft(pdf) + PAD_X, top + PAD_Y + (layout.lineHeight - layout.fontSize) / 2);
  pdf.y = top + layout.lineHeight + 2 * PAD_Y;
}

function closingRule(pdf: Pdf): void {
  pdf
    .moveTo(contentLeft(pdf), pdf.y)
    .lineTo(contentLeft(pdf) + contentWidth(pdf), pdf.y)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke();
}
