import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from 'docx';
import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate } from 'fflate';
import {
  columnWeights,
  formatCell,
  formatInstant,
  formatNumber,
  formatPeriod,
  isNumericColumn,
  NULL_TEXT,
  seriesLabel,
  type WriteOptions,
} from './format';
import { tableXml, type CellSpec, type TableStyle } from './docx-table';
import { heatRange, heatShade } from './heat-shade';
import type {
  Cell,
  ChartBlock,
  FiguresBlock,
  HeatMapBlock,
  ReportBlock,
  ReportDocument,
  ReportDocumentOptions,
  ReportSection,
  TableBlock,
} from './report-document';

/** A table in the DOCX shows at most this many rows: docx builds the whole document in memory. */
export const DOCX_MAX_TABLE_ROWS = 200;

const BRAND = '1F3A5F';
const MUTED = '666666';
const FAINT = '999999';
const ZEBRA = 'F3F6F9';
const RULE = 'C9D2DC';
/** A4 in twentieths of a point, with 2 cm margins. */
const PAGE = { width: 11_906, height: 16_838, margin: 1_134 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

type Body = Paragraph[];

/**
 * Writes the report as a DOCX to `out`, the narrative format: headings, summaries, figures, the
 * first rows of each table and each chart's data as a small table (a reader editing the report
 * gets numbers they can quote; the PDF has the drawings). Resolves once the file is handed to
 * `out` and `out` ended.
 *
 * docx turns the whole document into a tree of objects, then into a second tree, then into the
 * XML text, all at once when it packs: some 10 KB for every table cell, so a report whose tables
 * hold a few thousand rows took 250 MB more while packing. So the tables are not docx's objects:
 * each is written as its XML text as soon as its rows are read (`tableXml`, the same XML docx
 * writes for it), docx packs the document with a placeholder paragraph for each, and its
 * `word/document.xml` is streamed into the file with the tables in their places (`packWithTables`).
 */
export async function writeDocx(
  doc: ReportDocument,
  out: Writable,
  options: WriteOptions = {},
): Promise<void> {
  const timeZone = options.timeZone ?? 'UTC';
  const tables = new TableXml();
  const body: Body = cover(doc, timeZone, tables);
  for (const section of doc.sections)
    body.push(...(await sectionBody(section, doc.options, timeZone, tables)));
  const document = new Document({
    creator: doc.productName,
    title: doc.title,
    description: `${doc.title}, ${formatPeriod(doc.period)}`,
    styles: STYLES,
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
          },
          titlePage: true,
        },
        headers: { default: runningHeader(doc) },
        footers: { default: pageFooter(), first: pageFooter() },
        children: body,
      },
    ],
  });
  await packWithTables(document, tables, out);
}

const DOCUMENT_XML = 'word/document.xml';

/**
 * Writes the DOCX to `out`: docx packs the document (placeholders and all, some kilobytes), and
 * its parts are zipped again in their order, `word/document.xml` streamed piece by piece with each
 * table in its placeholder's place and let go once compressed, so the document's XML is never
 * held whole. DEFLATE at the level docx uses; the zip records each part's size after its data.
 */
async function packWithTables(document: Document, tables: TableXml, out: Writable): Promise<void> {
  const parts = unzipSync(await Packer.toBuffer(document));
  if (!parts[DOCUMENT_XML]) throw new Error('The DOCX writer packed a file without its document part.');
  await new Promise<void>((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) {
        reject(error);
        return;
      }
      out.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if (final) {
        out.end();
        resolve();
      }
    });
    for (const [name, data] of Object.entries(parts)) {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      if (name === DOCUMENT_XML) tables.fill(strFromU8(data), (piece, last) => file.push(piece, last));
      else file.push(data, true);
    }
    zip.end();
  });
}

const EMPTY = new Uint8Array(0);

/**
 * The tables' XML (`tableXml`), held until the document is packed around them. A placeholder
 * paragraph stands in for each: its text is a key no report text can hold (a random token per
 * file), and the whole paragraph is replaced by the table.
 */
class TableXml {
  private readonly token = randomBytes(12).toString('hex');
  /** Each table's XML as UTF-8, half the room of a JS string of it; emptied once written out. */
  private readonly xml: Uint8Array[] = [];

  /** Keeps a table's XML and answers the paragraph that holds its place. */
  place(xml: string): Paragraph {
    this.xml.push(strToU8(xml));
    return new Paragraph({ children: [new TextRun(this.key(this.xml.length - 1))] });
  }

  /**
   * Hands `write` the document's XML piece by piece, each placeholder paragraph replaced by its
   * table (the placeholders are in the order the tables were placed); `last` marks the final piece.
   * Each table is let go as soon as it is handed over.
   */
  fill(documentXml: string, write: (piece: Uint8Array, last: boolean) => void): void {
    let from = 0;
    this.xml.forEach((table, index) => {
      const at = documentXml.indexOf(this.key(index), from);
      const start = at < 0 ? -1 : documentXml.lastIndexOf('<w:p>', at);
      const end = at < 0 ? -1 : documentXml.indexOf('</w:p>', at);
      if (start < from || end < 0)
        throw new Error('The DOCX writer lost the place of a table in the document.');
      write(strToU8(documentXml.slice(from, start)), false);
      write(table, false);
      this.xml[index] = EMPTY;
      from = end + '</w:p>'.length;
    });
    write(strToU8(documentXml.slice(from)), true);
  }

  private key(index: number): string {
    return `caliber-table-${this.token}-${index}`;
  }
}

const STYLES = {
  default: {
    document: { run: { font: 'Calibri', size: 20 }, paragraph: { spacing: { after: 80 } } },
    title: {
      run: { font: 'Calibri', size: 52, bold: true, color: BRAND },
      paragraph: { spacing: { after: 120 } },
    },
    heading1: {
      run: { font: 'Calibri', size: 32, bold: true, color: BRAND },
      paragraph: { spacing: { before: 240, after: 160 } },
    },
    heading2: {
      run: { font: 'Calibri', size: 24, bold: true, color: BRAND },
      paragraph: { spacing: { before: 280, after: 100 }, keepNext: true },
    },
  },
};

function runningHeader(doc: ReportDocument): Header {
  return new Header({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [
          new TextRun({ text: `${doc.title} · ${formatPeriod(doc.period)}`, size: 16, color: MUTED }),
        ],
      }),
    ],
  });
}

function pageFooter(): Footer {
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({
            children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES],
            size: 16,
            color: MUTED,
          }),
        ],
      }),
    ],
  });
}

// ---------------------------------------------------------------- text helpers

function text(value: string, options: { italic?: boolean; color?: string; size?: number } = {}): Paragraph {
  return new Paragraph({
    children: [
      new TextRun({ text: value, italics: options.italic, color: options.color, size: options.size }),
    ],
  });
}

function note(value: string): Paragraph {
  return text(value, { italic: true, color: MUTED, size: 18 });
}

function heading(value: string, level: 'title' | 1 | 2, pageBreakBefore = false): Paragraph {
  const headingLevel =
    level === 'title' ? HeadingLevel.TITLE : level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2;
  return new Paragraph({ heading: headingLevel, pageBreakBefore, children: [new TextRun(value)] });
}

// ---------------------------------------------------------------- tables

const TABLE_STYLE: TableStyle = { width: CONTENT_WIDTH, rule: RULE, headerFill: BRAND, zebra: ZEBRA };

/** A table across the page (`tableXml`), held by `tables` as text; the paragraph marks its place. */
function gridTable(
  tables: TableXml,
  header: readonly CellSpec[],
  rows: readonly (readonly CellSpec[])[],
  weights: readonly number[],
  size = 18,
): Paragraph {
  return tables.place(tableXml(header, rows, weights, size, TABLE_STYLE));
}

// ---------------------------------------------------------------- cover and sections

function cover(doc: ReportDocument, timeZone: string, tables: TableXml): Body {
  const label = (value: string): CellSpec => ({ text: value, bold: true, color: MUTED });
  const details: CellSpec[][] = [
    [label('Reporting period'), { text: formatPeriod(doc.period) }],
    [label('Generated for'), { text: doc.generatedFor }],
    [label('Generated at'), { text: formatInstant(doc.generatedAt, timeZone, true) }],
    ...(doc.filterLines.length > 0 ? doc.filterLines : ['None']).map((line, index) => [
      label(index === 0 ? 'Filters' : ''),
      { text: line },
    ]),
  ];
  return [
    text(doc.productName.toUpperCase(), { color: MUTED, size: 20 }),
    heading(doc.title, 'title'),
    text(formatPeriod(doc.period), { color: BRAND, size: 28 }),
    new Paragraph({ children: [] }),
    gridTable(tables, [], details, [30, 70], 20),
    new Paragraph({ children: [] }),
    note(
      'A dash (—) marks a value that is not recorded; it never stands for zero. Periods include both days.',
    ),
  ];
}

async function sectionBody(
  section: ReportSection,
  options: ReportDocumentOptions,
  timeZone: string,
  tables: TableXml,
): Promise<Body> {
  const body: Body = [heading(section.title, 1, true)];
  if (options.summary) body.push(...section.summary.map((paragraph) => text(paragraph)));
  for (const block of section.blocks) body.push(...(await blockBody(block, options, timeZone, tables)));
  return body;
}

async function blockBody(
  block: ReportBlock,
  options: ReportDocumentOptions,
  timeZone: string,
  tables: TableXml,
): Promise<Body> {
  switch (block.kind) {
    case 'figures':
      return figuresBody(block, tables);
    case 'table':
      return tableBody(block, timeZone, tables);
    case 'chart':
      return options.charts ? chartBody(block, tables) : [];
    case 'heatmap':
      // Present only when heat maps were asked for: the builders leave the block out otherwise.
      return heatMapBody(block, tables);
    case 'note':
      return [note(block.text)];
  }
}

function figuresBody(block: FiguresBlock, tables: TableXml): Body {
  const rows = block.figures.map((figure): CellSpec[] => [
    { text: figure.label, color: MUTED },
    { text: figure.value, bold: true, align: 'right' },
  ]);
  return [heading(block.title, 2), gridTable(tables, [], rows, [65, 35], 20)];
}

/**
 * Reads the first DOCX_MAX_TABLE_ROWS rows, and one more to learn there are more. With the
 * total known (`totalRows`) it stops there; without it, it reads on, only counting, to say how many.
 */
async function firstRows(block: TableBlock): Promise<{ rows: Cell[][]; total: number }> {
  const rows: Cell[][] = [];
  let seen = 0;
  pages: for await (const page of block.rows()) {
    for (const row of page) {
      seen++;
      if (rows.length < DOCX_MAX_TABLE_ROWS) rows.push(row);
      else if (block.totalRows !== undefined) break pages;
    }
  }
  return { rows, total: block.totalRows !== undefined ? Math.max(block.totalRows, seen) : seen };
}

async function tableBody(block: TableBlock, timeZone: string, tables: TableXml): Promise<Body> {
  const { rows, total } = await firstRows(block);
  const numeric = block.columns.map((column) => isNumericColumn(column.type));
  const texts = rows.map((row) =>
    block.columns.map((column, index) => formatCell(row[index] ?? null, column, block.currency, timeZone)),
  );
  const header = block.columns.map((column, index): CellSpec => ({
    text: column.header,
    align: numeric[index] ? 'right' : 'left',
  }));
  const cells = texts.map((row) =>
    row.map((value, index): CellSpec => ({
      text: value,
      align: numeric[index] ? 'right' : 'left',
      color: value === NULL_TEXT ? FAINT : undefined,
    })),
  );
  const size = block.columns.length > 6 ? 16 : 18;
  const body: Body = [
    heading(block.title, 2),
    gridTable(tables, header, cells, columnWeights(block.columns, texts), size),
  ];
  if (rows.length === 0) body.push(note('No rows.'));
  if (total > rows.length) {
    body.push(
      note(`Showing the first ${rows.length} of ${formatNumber(total)} rows; the Excel export has them all.`),
    );
  }
  if (block.note) body.push(note(block.note));
  return body;
}

/** A chart as the table of its data: a DOCX is read and edited as text, not as a drawing. */
function chartBody(block: ChartBlock, tables: TableXml): Body {
  const chart = block.chart;
  if (chart.type === 'pie') {
    const total = chart.slices.reduce((sum, slice) => sum + Math.max(0, slice.value), 0);
    const rows = chart.slices.map((slice): CellSpec[] => [
      { text: slice.label },
      { text: formatNumber(slice.value), align: 'right' },
      {
        text: total > 0 ? `${((Math.max(0, slice.value) / total) * 100).toFixed(1)}%` : NULL_TEXT,
        align: 'right',
      },
    ]);
    const header: CellSpec[] = [
      { text: 'Slice' },
      { text: 'Value', align: 'right' },
      { text: 'Share', align: 'right' },
    ];
    return [heading(block.title, 2), gridTable(tables, header, rows, [50, 25, 25])];
  }
  const header: CellSpec[] = [
    { text: 'Category' },
    ...chart.series.map((series): CellSpec => ({ text: seriesLabel(series), align: 'right' })),
  ];
  const rows = chart.categories.map((category, index): CellSpec[] => [
    { text: category },
    ...chart.series.map((series): CellSpec => {
      const value = series.values[index] ?? null;
      return {
        text: value === null ? NULL_TEXT : formatNumber(value),
        align: 'right',
        color: value === null ? FAINT : undefined,
      };
    }),
  ]);
  const body: Body = [
    heading(block.title, 2),
    gridTable(tables, header, rows, [30, ...chart.series.map(() => 20)]),
  ];
  if (chart.unit) body.push(note(`Values in ${chart.unit}.`));
  return body;
}

/** A heat map as a table whose cells are shaded by value, the value written in each. */
function heatMapBody(block: HeatMapBlock, tables: TableXml): Body {
  const range = heatRange(block.values);
  const header: CellSpec[] = [
    { text: '' },
    ...block.columnLabels.map((label): CellSpec => ({ text: label, align: 'center' })),
  ];
  const rows = block.rowLabels.map((label, row): CellSpec[] => [
    { text: label, bold: true },
    ...block.columnLabels.map((_, column): CellSpec => {
      const value = block.values[row]?.[column] ?? null;
      const shade = heatShade(value, range?.min ?? 0, range?.max ?? 0);
      return {
        text: value === null ? NULL_TEXT : formatNumber(value),
        align: 'center',
        fill: shade.fill,
        color: shade.text,
      };
    }),
  ]);
  const legend = range
    ? `Shaded from ${formatNumber(range.min)} (lightest) to ${formatNumber(range.max)} ${block.unit} (darkest); a dash means nothing to count.`
    : `No ${block.unit} to shade.`;
  return [
    heading(block.title, 2),
    gridTable(
      tables,
      header,
      rows,
      [Math.max(2, block.columnLabels.length * 0.6), ...block.columnLabels.map(() => 1)],
      16,
    ),
    note(legend),
  ];
}
