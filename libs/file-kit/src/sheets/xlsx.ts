import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { refuseContent } from './file-refusal';
import { unreadableXlsx, type SheetFile, type SheetRow } from './sheet-file';
import { inflateEntry, refuseDeclaredBeyond, storedZip, zipDirectory, type ZipEntry } from './zip';

/**
 * A cell as text: numbers as written, rich text and formulas by their text. Styles are not read (a
 * workbook's styles can be large), so a date reads as Excel's day number ("44259"), which the
 * service that reads the column turns into a date.
 */
export function cellText(value: ExcelJS.CellValue): string {
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
function workbookParts(
  zip: Buffer,
  entries: readonly ZipEntry[],
  file: SheetFile,
): { name: string; bytes: Buffer }[] {
  const byName = new Map<string, ZipEntry>();
  for (const entry of entries) if (!byName.has(entry.name)) byName.set(entry.name, entry);
  const part = (name: string) => {
    const entry = byName.get(name);
    return entry && { name, bytes: inflateEntry(zip, entry, file) };
  };
  const relations = part(WORKBOOK_RELATIONS);
  const workbook = part(WORKBOOK);
  if (!relations || !workbook) return refuseContent(unreadableXlsx(file));
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

/** The first sheet in the workbook's order is the one read; a sheet the reader could not place may be it. */
function isFirstSheet(reader: ExcelJS.stream.xlsx.WorkbookReader, sheet: StreamedSheet): boolean {
  const first = (reader.model as Partial<ExcelJS.WorkbookModel> | undefined)?.sheets?.[0]?.id;
  return first === undefined || typeof sheet.id !== 'number' || sheet.id === first;
}

/**
 * A workbook's rows, read with exceljs's streaming reader, one row at a time: the declared sizes
 * are checked before anything is inflated, and only the first sheet's rows are read.
 */
export async function* xlsxRows(zip: Buffer, file: SheetFile): AsyncGenerator<SheetRow> {
  const entries = zipDirectory(zip, file);
  refuseDeclaredBeyond(entries, file);
  const parts = workbookParts(zip, entries, file);
  const dates1904 = parts.some(
    ({ name, bytes }) =>
      name === WORKBOOK && /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(bytes.toString('utf8')),
  );
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(storedZip(parts)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    if (!isFirstSheet(reader, sheet as unknown as StreamedSheet)) continue;
    let previous = 0;
    for await (const row of sheet) {
      // A row without its number (`r`) is the one after the previous, as the file format says.
      const line = Number.isInteger(row.number) && row.number >= 1 ? row.number : previous + 1;
      previous = line;
      // exceljs cannot address the cells of a row without its number: such a row is read empty.
      const empty = !row.hasValues;
      yield {
        line,
        dates1904,
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
