import { once } from 'node:events';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { formatInstant, formatPeriod, type WriteOptions } from './format';
import { drawChart, drawHeatMap } from './pdf-charts';
import {
  blockHeading,
  COLOR,
  contentLeft,
  contentWidth,
  ellipsize,
  ensureSpace,
  fitLines,
  FONT,
  PAGE_MARGIN,
  paragraph,
  textAt,
  textRightAt,
  useFont,
  winAnsi,
  type Pdf,
} from './pdf-layout';
import { drawTable } from './pdf-table';
import type {
  FiguresBlock,
  ReportBlock,
  ReportDocument,
  ReportDocumentOptions,
  ReportSection,
} from './report-document';

/**
 * Writes the report as an A4 portrait PDF to `out`: a cover with the contents, then each section
 * on its own pages. Resolves once the last byte has been handed to `out`; `out` is ended.
 *
 * Pages are buffered (`bufferPages`) until the end: "Page n of m" needs m, and the contents on the
 * cover need each section's first page, both known only when everything is laid out. The rows
 * themselves are still read and drawn a page at a time; what is held is the drawn page content.
 */
export async function writePdf(
  doc: ReportDocument,
  out: Writable,
  options: WriteOptions = {},
): Promise<void> {
  const timeZone = options.timeZone ?? 'UTC';
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: { top: PAGE_MARGIN + 6, bottom: PAGE_MARGIN + 6, left: PAGE_MARGIN, right: PAGE_MARGIN },
    bufferPages: true,
    displayTitle: true,
    lang: 'en-GB',
    font: FONT.regular,
    info: {
      Title: winAnsi(doc.title),
      Author: winAnsi(doc.productName),
      Subject: `${winAnsi(doc.title)}, ${winAnsi(formatPeriod(doc.period))}`,
      Creator: winAnsi(doc.productName),
      CreationDate: doc.generatedAt,
    },
  });
  const ended = once(pdf, 'end');
  pdf.pipe(out);
  try {
    const contents = drawCover(pdf, doc, timeZone);
    const firstPages: number[] = [];
    for (const [index, section] of doc.sections.entries()) {
      pdf.addPage();
      firstPages.push(currentPage(pdf));
      pdf.addNamedDestination(sectionDestination(index));
      pdf.outline.addItem(winAnsi(section.title));
      await drawSection(pdf, section, doc.options, timeZone);
    }
    contents(firstPages);
    decoratePages(pdf, doc, timeZone);
  } catch (error) {
    pdf.unpipe(out);
    throw error;
  }
  pdf.end();
  await ended;
}

function currentPage(pdf: Pdf): number {
  const range = pdf.bufferedPageRange();
  return range.start + range.count - 1;
}

const sectionDestination = (index: number) => `section-${index + 1}`;

// ---------------------------------------------------------------- cover

const COVER_BAND = 230;

/**
 * Draws the cover: title band, period, who it is for, when, the filters. Answers a function that
 * writes the contents once each section's first page is known.
 */
function drawCover(pdf: Pdf, doc: ReportDocument, timeZone: string): (firstPages: number[]) => void {
  const left = contentLeft(pdf);
  const width = contentWidth(pdf);
  pdf.rect(0, 0, pdf.page.width, COVER_BAND).fill(COLOR.brand);
  useFont(pdf, FONT.bold, 10.5, COLOR.brandLight);
  pdf.text(winAnsi(doc.productName.toUpperCase()), left, 70, {
    width,
    characterSpacing: 1.5,
    lineBreak: false,
  });
  // A long title steps down to a smaller size and a third line before it is cut.
  const title = winAnsi(doc.title);
  const size = useFont(pdf, FONT.bold, 26).heightOfString(title, { width }) > 70 ? 20 : 26;
  useFont(pdf, FONT.bold, size, COLOR.white);
  pdf.text(title, left, 92, { width, height: size === 26 ? 70 : 78, ellipsis: true });
  useFont(pdf, FONT.regular, 14, COLOR.brandLight);
  pdf.text(winAnsi(formatPeriod(doc.period)), left, COVER_BAND - 52, { width, lineBreak: false });

  pdf.y = COVER_BAND + 36;
  coverDetail(pdf, 'Reporting period', [formatPeriod(doc.period)]);
  coverDetail(pdf, 'Generated for', [doc.generatedFor]);
  coverDetail(pdf, 'Generated at', [formatInstant(doc.generatedAt, timeZone, true)]);
  coverDetail(pdf, 'Filters', doc.filterLines.length > 0 ? doc.filterLines : ['None']);
  pdf.y += 14;
  return reserveContents(pdf, doc);
}

const DETAIL_LABEL_WIDTH = 120;

function coverDetail(pdf: Pdf, label: string, lines: readonly string[]): void {
  const left = contentLeft(pdf);
  const valueWidth = contentWidth(pdf) - DETAIL_LABEL_WIDTH;
  const top = pdf.y;
  useFont(pdf, FONT.bold, 9, COLOR.muted);
  textAt(pdf, label.toUpperCase(), left, top + 1.5);
  useFont(pdf, FONT.regular, 11, COLOR.text);
  let y = top;
  for (const line of lines) {
    // A long filter (a hundred departments) is cut after three lines: the cover stays one page.
    for (const part of fitLines(pdf, line, valueWidth, 3)) {
      textAt(pdf, part, left + DETAIL_LABEL_WIDTH, y);
      y += 14;
    }
  }
  pdf.y = Math.max(y, top + 14) + 8;
}

const CONTENTS_ROW = 18;

/** Draws the contents' heading now and leaves room for its rows, written when pages are known. */
function reserveContents(pdf: Pdf, doc: ReportDocument): (firstPages: number[]) => void {
  const left = contentLeft(pdf);
  const width = contentWidth(pdf);
  const legendY = pdf.page.height - PAGE_MARGIN - 40;
  const top = pdf.y + 8;
  const fits = top + 24 + doc.sections.length * CONTENTS_ROW <= legendY - 10;
  useFont(pdf, FONT.italic, 8.5, COLOR.muted);
  pdf.text(
    winAnsi(
      'A dash (—) marks a value that is not recorded; it never stands for zero. Periods include both days.',
    ),
    left,
    legendY,
    { width },
  );
  if (!fits || doc.sections.length === 0) return () => undefined;
  pdf
    .moveTo(left, top)
    .lineTo(left + width, top)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke();
  useFont(pdf, FONT.bold, 12, COLOR.brand);
  textAt(pdf, 'Contents', left, top + 8);
  const coverPage = currentPage(pdf);
  return (firstPages) => {
    pdf.switchToPage(coverPage);
    doc.sections.forEach((section, index) => {
      const y = top + 30 + index * CONTENTS_ROW;
      const page = String((firstPages[index] ?? 0) + 1);
      useFont(pdf, FONT.regular, 11, COLOR.text);
      const title = ellipsize(pdf, `${index + 1}.  ${section.title}`, width - 60);
      pdf.text(title, left, y, { lineBreak: false, goTo: sectionDestination(index) });
      const titleEnd = left + pdf.widthOfString(title) + 6;
      const pageStart = left + width - pdf.widthOfString(page) - 6;
      useFont(pdf, FONT.regular, 11, COLOR.faint);
      // Dot leaders between title and page number, as in a printed contents page.
      const dots = '.'.repeat(Math.max(0, Math.floor((pageStart - titleEnd) / pdf.widthOfString('.'))));
      textRightAt(pdf, dots, pageStart, y);
      useFont(pdf, FONT.regular, 11, COLOR.text);
      textRightAt(pdf, page, left + width, y);
    });
  };
}

// ---------------------------------------------------------------- sections

async function drawSection(
  pdf: Pdf,
  section: ReportSection,
  options: ReportDocumentOptions,
  timeZone: string,
): Promise<void> {
  sectionHeading(pdf, section.title);
  if (options.summary) for (const text of section.summary) paragraph(pdf, text);
  pdf.y += 6;
  for (const block of section.blocks) await drawBlock(pdf, block, options, timeZone);
}

function sectionHeading(pdf: Pdf, title: string): void {
  const left = contentLeft(pdf);
  const width = contentWidth(pdf);
  useFont(pdf, FONT.bold, 18, COLOR.brand);
  pdf.text(winAnsi(title), left, pdf.y, { width });
  pdf.y += 4;
  pdf
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .lineWidth(1.5)
    .strokeColor(COLOR.brand)
    .stroke();
  pdf.y += 12;
}

async function drawBlock(
  pdf: Pdf,
  block: ReportBlock,
  options: ReportDocumentOptions,
  timeZone: string,
): Promise<void> {
  switch (block.kind) {
    case 'figures':
      drawFigures(pdf, block);
      return;
    case 'table':
      await drawTable(pdf, block, timeZone);
      return;
    case 'chart':
      if (options.charts) drawChart(pdf, block);
      return;
    case 'heatmap':
      // Present only when heat maps were asked for: the builders leave the block out otherwise.
      drawHeatMap(pdf, block);
      return;
    case 'note':
      paragraph(pdf, block.text, { italic: true, color: COLOR.muted });
      return;
  }
}

// ---------------------------------------------------------------- key figures

const TILE_HEIGHT = 54;
const TILE_GAP = 10;

/** Key figures as tiles, three to a row (four when there are exactly four): label above, value large. */
function drawFigures(pdf: Pdf, block: FiguresBlock): void {
  if (block.figures.length === 0) return;
  const perRow = block.figures.length === 4 ? 4 : 3;
  const tileWidth = (contentWidth(pdf) - TILE_GAP * (perRow - 1)) / perRow;
  blockHeading(pdf, block.title, TILE_HEIGHT);
  for (let first = 0; first < block.figures.length; first += perRow) {
    ensureSpace(pdf, TILE_HEIGHT);
    const top = pdf.y;
    block.figures.slice(first, first + perRow).forEach((figure, index) => {
      drawTile(pdf, figure, contentLeft(pdf) + index * (tileWidth + TILE_GAP), top, tileWidth);
    });
    pdf.y = top + TILE_HEIGHT + TILE_GAP;
  }
  pdf.y += 4;
}

function drawTile(
  pdf: Pdf,
  figure: { label: string; value: string },
  x: number,
  y: number,
  width: number,
): void {
  pdf.rect(x, y, width, TILE_HEIGHT).fill(COLOR.tile);
  pdf.rect(x, y, 3, TILE_HEIGHT).fill(COLOR.brand);
  const inner = width - 18;
  useFont(pdf, FONT.regular, 8, COLOR.muted);
  fitLines(pdf, figure.label, inner, 2).forEach((line, index) =>
    textAt(pdf, line, x + 11, y + 7 + index * 9.5),
  );
  // The largest size at which the value fits the tile, down to 9 pt; cut beyond that.
  let size = 16;
  useFont(pdf, FONT.bold, size, COLOR.brand);
  while (size > 9 && pdf.widthOfString(winAnsi(figure.value)) > inner)
    useFont(pdf, FONT.bold, --size, COLOR.brand);
  textAt(pdf, ellipsize(pdf, figure.value, inner), x + 11, y + TILE_HEIGHT - size - 7);
}

// ---------------------------------------------------------------- running header and footer

/** Writes the running header (not on the cover) and the footer on every buffered page. */
function decoratePages(pdf: Pdf, doc: ReportDocument, timeZone: string): void {
  const { start, count } = pdf.bufferedPageRange();
  const generated = `${doc.productName} · generated ${formatInstant(doc.generatedAt, timeZone, true)}`;
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index);
    // Both lie in the margins: with the bottom margin in place pdfkit would start a new page.
    const bottomMargin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    if (index > start) runningHeader(pdf, doc);
    footer(pdf, generated, `Page ${index - start + 1} of ${count}`);
    pdf.page.margins.bottom = bottomMargin;
  }
}

function runningHeader(pdf: Pdf, doc: ReportDocument): void {
  const left = contentLeft(pdf);
  const right = left + contentWidth(pdf);
  const y = 30;
  useFont(pdf, FONT.regular, 8, COLOR.muted);
  const period = formatPeriod(doc.period);
  textRightAt(pdf, period, right, y);
  textAt(
    pdf,
    ellipsize(pdf, doc.title, contentWidth(pdf) - pdf.widthOfString(winAnsi(period)) - 20),
    left,
    y,
  );
  pdf
    .moveTo(left, y + 12)
    .lineTo(right, y + 12)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
}

function footer(pdf: Pdf, generated: string, pageLabel: string): void {
  const left = contentLeft(pdf);
  const right = left + contentWidth(pdf);
  const y = pdf.page.height - 38;
  pdf
    .moveTo(left, y - 6)
    .lineTo(right, y - 6)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke();
  useFont(pdf, FONT.regular, 8, COLOR.muted);
  textRightAt(pdf, pageLabel, right, y);
  textAt(pdf, ellipsize(pdf, generated, contentWidth(pdf) - pdf.widthOfString(pageLabel) - 20), left, y);
}
