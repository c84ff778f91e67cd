import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { FileRefusal, type FileRefusalCode } from './file-refusal';
import type { SheetFile } from './sheet-file';

/**
 * Spreadsheet files for the tests, the hostile ones included: workbooks made with exceljs as a
 * person's Excel would make them, and ZIP files made by hand, so their headers can declare what a
 * hostile file declares.
 */

const MEGABYTE = 1024 * 1024;

/**
 * Two kinds of spreadsheet for the readers' tests, with the words and limits of a roster file and
 * an inventory file (a service's own kinds are its own; these keep the messages read as a person
 * would read them): a small file with a small unpacked bound, and a large one.
 */
export const ROSTER_SHEET: SheetFile = {
  name: 'roster file',
  aName: 'A roster file',
  aWorkbook: 'a roster workbook',
  rowsAre: 'people',
  whole: 'the roster',
  maxRows: 2500,
  maxBytes: 2 * MEGABYTE,
  unpackedMaxBytes: 16 * MEGABYTE,
};
export const INVENTORY_SHEET: SheetFile = {
  name: 'inventory file',
  aName: 'An inventory file',
  aWorkbook: 'an inventory workbook',
  rowsAre: 'devices',
  whole: 'the inventory',
  maxRows: 20_000,
  maxBytes: 8 * MEGABYTE,
  unpackedMaxBytes: 96 * MEGABYTE,
};

/** A part of a hand-made ZIP: its text, deflated, and the size its headers declare (the true one unless given). */
export interface ZipPart {
  name: string;
  text: string;
  declaredSize?: number;
}

export const SHEET_PART = 'xl/worksheets/sheet1.xml';

/** A ZIP file of these parts, each deflated, the local headers and the directory declaring `declaredSize`. */
export function handMadeZip(parts: readonly ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const data = deflateRawSync(Buffer.from(part.text));
    const fields = Buffer.alloc(26);
    fields.writeUInt16LE(20, 0); // version needed
    fields.writeUInt16LE(8, 4); // deflated
    fields.writeUInt16LE(0x21, 8); // 1980-01-01
    fields.writeUInt32LE(crc32(part.text), 10);
    fields.writeUInt32LE(data.length, 14);
    fields.writeUInt32LE(part.declaredSize ?? Buffer.byteLength(part.text), 18);
    fields.writeUInt16LE(name.length, 22);
    const local = Buffer.concat([signature(0x04034b50), fields, name, data]);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    fields.copy(central, 6);
    central.writeUInt32LE(offset, 42);
    chunks.push(local);
    directory.push(central, name);
    offset += local.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directoryBytes, end]);
}

function signature(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value, 0);
  return bytes;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A sheet of these rows (row 1 first), each cell an inline string; `padding` spaces before its end. */
export function sheetXml(rows: readonly (readonly string[])[], padding = 0): string {
  const cells = (row: readonly string[], line: number) =>
    row
      .map(
        (text, index) =>
          `<c r="${String.fromCharCode(65 + index)}${line}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`,
      )
      .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    rows.map((row, index) => `<row r="${index + 1}">${cells(row, index + 1)}</row>`).join('') +
    ' '.repeat(padding) +
    '</sheetData></worksheet>'
  );
}

/** The parts of the least workbook Excel opens: its types, relations, the workbook and one sheet. */
export function workbookParts(sheet: string): ZipPart[] {
  return [
    {
      name: '[Content_Types].xml',
      text:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      text:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      text:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Roster" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    },
    { name: SHEET_PART, text: sheet },
  ];
}

/** The least workbook with this sheet, whose ZIP directory declares the sheet `declaredSize` bytes unpacked. */
export const workbookDeclaring = (sheet: string, declaredSize: number): Buffer =>
  handMadeZip(
    workbookParts(sheet).map((part) => (part.name === SHEET_PART ? { ...part, declaredSize } : part)),
  );

/** A workbook made by exceljs: this header on row 1, then the rows given, each at its row number. */
export async function workbookWithRows(
  header: readonly string[],
  rows: Readonly<Record<number, readonly ExcelJS.CellValue[]>>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet 1');
  sheet.getRow(1).values = [...header];
  for (const [line, values] of Object.entries(rows)) sheet.getRow(Number(line)).values = [...values];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A workbook's bytes as exceljs reads them back (its declarations take an ArrayBuffer). */
export async function loadWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook;
}

/** The refusal a call throws, as [code, message], or null when it throws none. */
export function refusalOfCall(call: () => unknown): [FileRefusalCode, string] | null {
  try {
    call();
  } catch (error) {
    if (error instanceof FileRefusal) return [error.code, error.message];
    throw error;
  }
  return null;
}

/** The refusal a reading ends in; it failing otherwise, or not failing, fails the test. */
export async function refusalOf(
  reading: Promise<unknown>,
): Promise<{ code: FileRefusalCode; message: string }> {
  const error: unknown = await reading.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof FileRefusal)) throw new Error(`Expected a refusal, got ${String(error)}`);
  return { code: error.code, message: error.message };
}
