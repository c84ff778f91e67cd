import { Readable } from 'node:stream';
import { ROSTER_COLUMNS, ROSTER_IMPORT_MAX_ROWS, type RosterFileRow } from '@caliber/contracts';
import ExcelJS from 'exceljs';
import { RosterRefusal, UNREADABLE_CSV, UNREADABLE_XLSX, refuseContent } from './roster-refusal';
import { inflateEntry, refuseDeclaredBeyond, storedZip, zipDirectory, type ZipEntry } from './roster-zip';

type Column = (typeof ROSTER_COLUMNS)[number]['key'];

/** Headers as people write them, each read as one of the roster's columns (case and spacing aside). */
const HEADER_NAMES: Record<string, Column> = {
  'service number': 'serviceNumber',
  'service no': 'serviceNumber',
  'service #': 'serviceNumber',
  servicenumber: 'serviceNumber',
  'full name': 'name',
  name: 'name',
  email: 'email',
  'e-mail': 'email',
  phone: 'phoneNumber',
  'phone number': 'phoneNumber',
  phonenumber: 'phoneNumber',
  role: 'role',
  department: 'department',
  active: 'active',
  status: 'active',
  'may receive tasks': 'preApproved',
  'pre-approved': 'preApproved',
  preapproved: 'preApproved',
};

/** The last row a roster file may use: the header, then one row per person. */
const LAST_ROW = ROSTER_IMPORT_MAX_ROWS + 1;

/** A row of a file as read: its number (the header's is 1) and its cells as text, by column from 1. */
interface FileRow {
  line: number;
  cells(): Iterable<[number, string]>;
  cell(column: number): string;
}

/**
 * A cell as text: numbers as written, rich text and formulas by their text. Styles are not read (a
 * workbook's styles can be large, and no roster column is a date), so a date reads as Excel's day
 * number.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  }
  return '';
}

/**
 * Every row counts towards the cap, the empty ones and those far down the sheet too: a row past
 * the last a roster may use stops the reading there, so a sheet that jumps to row 1,048,576 costs
 * no more than one of 2,501 rows.
 */
function refuseRowPastCap(line: number): never {
  return refuseContent(
    `A roster file may hold at most ${ROSTER_IMPORT_MAX_ROWS.toLocaleString('en')} people, on rows 2 to ${LAST_ROW.toLocaleString(
      'en',
    )}; this one has a row ${line.toLocaleString('en')}. Empty rows count too: delete the rows below the roster.`,
  );
}

function headerColumns(row: FileRow | undefined): Map<number, Column> {
  const columns = new Map<number, Column>();
  if (row?.line !== 1) return columns;
  for (const [index, text] of row.cells()) {
    const key = HEADER_NAMES[text.toLowerCase().replace(/\s+/g, ' ')];
    if (key && ![...columns.values()].includes(key)) columns.set(index, key);
  }
  return columns;
}

/**
 * The people of a file's rows. The first row names the columns (in any order; unknown columns are
 * ignored); service number, full name and phone must be among them. Rows with every cell empty
 * are skipped, but counted.
 */
async function rosterOf(rows: AsyncIterable<FileRow> | Iterable<FileRow>): Promise<RosterFileRow[]> {
  let columns: Map<number, Column> | undefined;
  const people: RosterFileRow[] = [];
  let seen = 0;
  for await (const row of rows) {
    seen += 1;
    if (row.line > LAST_ROW || seen > LAST_ROW) refuseRowPastCap(Math.max(row.line, seen));
    if (!columns) {
      columns = headerColumns(row);
      refuseMissingColumns(columns);
      continue;
    }
    const read: RosterFileRow = {
      line: row.line,
      serviceNumber: '',
      name: '',
      email: '',
      phoneNumber: '',
      role: '',
      department: '',
      active: '',
      preApproved: '',
    };
    for (const [index, key] of columns) read[key] = row.cell(index).slice(0, 300);
    if (ROSTER_COLUMNS.every(({ key }) => read[key] === '')) continue;
    people.push(read);
  }
  if (!columns) refuseContent('The roster file has no rows.');
  if (people.length === 0) refuseContent('The roster file has no people in it, only its header.');
  return people;
}

function refuseMissingColumns(columns: Map<number, Column>): void {
  const missing = (['serviceNumber', 'name', 'phoneNumber'] as const).filter(
    (key) => ![...columns.values()].includes(key),
  );
  if (missing.length > 0)
    refuseContent(
      `The first row must name the columns; missing: ${missing
        .map((key) => ROSTER_COLUMNS.find((column) => column.key === key)?.header ?? key)
        .join(', ')}.`,
    );
}

/**
 * A CSV file's records (RFC 4180: commas, double quotes doubled inside quoted fields, line breaks
 * CRLF, LF or CR), one at a time, so reading stops where the caller stops. Cells are the text as
 * written: a leading zero or plus sign stays.
 */
function* csvRows(text: string): Generator<FileRow> {
  let at = 0;
  let line = 0;
  const stopsField = (code: number) => code === 44 || code === 10 || code === 13; // , \n \r
  while (at < text.length) {
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text.charCodeAt(at) === 34) {
        at += 1;
        for (;;) {
          const quote = text.indexOf('"', at);
          if (quote < 0) return refuseContent(UNREADABLE_CSV);
          field += text.slice(at, quote);
          at = quote + 1;
          if (text.charCodeAt(at) !== 34) break;
          field += '"';
          at += 1;
        }
      }
      let stop = at;
      while (stop < text.length && !stopsField(text.charCodeAt(stop))) stop += 1;
      fields.push(field + text.slice(at, stop));
      at = stop;
      if (text.charCodeAt(at) !== 44) break;
      at += 1;
    }
    if (text.charCodeAt(at) === 13) at += 1;
    if (text.charCodeAt(at) === 10) at += 1;
    line += 1;
    yield {
      line,
      cells: () => fields.map((field, index): [number, string] => [index + 1, field.trim()]),
      cell: (column) => (fields[column - 1] ?? '').trim(),
    };
  }
}

const WORKBOOK_RELATIONS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
/** Given when a workbook has no shared strings, so the reader streams its sheet instead of saving it to a file first. */
const NO_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);

/**
 * The parts of a workbook the import reads, inflated within the bound, in the order the streaming
 * reader needs them: the workbook and its relations and the shared strings before the sheets.
 * Every other part (styles, themes, pictures, properties) stays packed.
 */
function workbookParts(zip: Buffer, entries: readonly ZipEntry[]): { name: string; bytes: Buffer }[] {
  const byName = new Map<string, ZipEntry>();
  for (const entry of entries) if (!byName.has(entry.name)) byName.set(entry.name, entry);
  const part = (name: string) => {
    const entry = byName.get(name);
    return entry && { name, bytes: inflateEntry(zip, entry) };
  };
  const relations = part(WORKBOOK_RELATIONS);
  const workbook = part(WORKBOOK);
  if (!relations || !workbook) return refuseContent(UNREADABLE_XLSX);
  const sheets = [...byName.keys()]
    .map((name) => ({ name, number: Number(WORKSHEET.exec(name)?.[1]) }))
    .filter(({ number }) => Number.isInteger(number))
    .sort((a, b) => a.number - b.number)
    .map(({ name }) => part(name))
    .filter((sheet) => sheet !== undefined);
  return [
    relations,
    workbook,
    part(SHARED_STRINGS) ?? { name: SHARED_STRINGS, bytes: NO_SHARED_STRINGS },
    ...sheets,
  ];
}

/**
 * exceljs's streaming reader gives each worksheet the id of the workbook's sheet it is (a number),
 * or leaves it the part's number (a string) when the workbook's relations do not say; it does not
 * type either.
 */
interface StreamedSheet {
  id?: unknown;
}

/** The first sheet in the workbook's order is the roster; a sheet the reader could not place may be it. */
function isRosterSheet(reader: ExcelJS.stream.xlsx.WorkbookReader, sheet: StreamedSheet): boolean {
  const first = (reader.model as Partial<ExcelJS.WorkbookModel> | undefined)?.sheets?.[0]?.id;
  return first === undefined || typeof sheet.id !== 'number' || sheet.id === first;
}

/**
 * A workbook's rows, read with exceljs's streaming reader, one row at a time: the declared sizes
 * are checked before anything is inflated, and only the first sheet's rows are read.
 */
async function* xlsxRows(zip: Buffer): AsyncGenerator<FileRow> {
  const entries = zipDirectory(zip);
  refuseDeclaredBeyond(entries);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from(storedZip(workbookParts(zip, entries))),
    {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'ignore',
      hyperlinks: 'ignore',
      entries: 'ignore',
    },
  );
  for await (const sheet of reader) {
    if (!isRosterSheet(reader, sheet as unknown as StreamedSheet)) continue;
    let previous = 0;
    for await (const row of sheet) {
      // A row without its number (`r`) is the one after the previous, as the file format says.
      const line = Number.isInteger(row.number) && row.number >= 1 ? row.number : previous + 1;
      previous = line;
      // exceljs cannot address the cells of a row without its number: such a row is read empty.
      const empty = !row.hasValues;
      yield {
        line,
        cells: () => {
          const cells: [number, string][] = [];
          row.eachCell((cell, index) => cells.push([index, cellText(cell.value)]));
          return cells;
        },
        cell: (column) => (empty ? '' : cellText(row.getCell(column).value)),
      };
    }
    return;
  }
}

export type RosterFileKind = 'xlsx' | 'csv';

export const rosterFileKind = (fileName: string): RosterFileKind =>
  /\.csv$/i.test(fileName) ? 'csv' : 'xlsx';

/**
 * Reads a roster file (XLSX or CSV) into its people, each cell as text, with the line each came
 * from. Refuses with a RosterRefusal a file that cannot be read, lacks the required columns, has a
 * row past the cap, or (a workbook) unpacks beyond the bound. Runs in a worker thread.
 */
export async function readRosterRows(kind: RosterFileKind, bytes: Buffer): Promise<RosterFileRow[]> {
  try {
    if (kind === 'csv') return await rosterOf(csvRows(bytes.toString('utf8').replace(/^\uFEFF/, '')));
    return await rosterOf(xlsxRows(bytes));
  } catch (error) {
    if (error instanceof RosterRefusal) throw error;
    return refuseContent(kind === 'csv' ? UNREADABLE_CSV : UNREADABLE_XLSX);
  }
}
