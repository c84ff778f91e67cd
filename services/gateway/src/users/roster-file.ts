import { Readable } from 'node:stream';
import {
  ROSTER_COLUMNS,
  ROSTER_IMPORT_MAX_BYTES,
  ROSTER_IMPORT_MAX_ROWS,
  type RosterFileRow,
  type UserDto,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import ExcelJS from 'exceljs';

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

const refuse = (message: string): never => {
  throw new ServiceError('VALIDATION_FAILED', message, [{ path: 'content', message }]);
};

/** A cell as text: numbers as written, dates as `YYYY-MM-DD`, rich text and formulas by their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
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
 * Reads a roster file (XLSX or CSV, base64) into its rows, each cell as text, with the line each
 * came from. The first row names the columns (in any order; unknown columns are ignored); service
 * number, full name and phone must be among them. Rows with every cell empty are skipped. A file
 * that cannot be read, lacks those columns or holds more than ROSTER_IMPORT_MAX_ROWS people is
 * refused with a message that says so.
 */
export async function readRosterFile(fileName: string, base64: string): Promise<RosterFileRow[]> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) refuse('The roster file is empty.');
  if (bytes.length > ROSTER_IMPORT_MAX_BYTES) refuse('The roster file is larger than 2 MB.');
  const workbook = new ExcelJS.Workbook();
  const csv = /\.csv$/i.test(fileName);
  try {
    if (csv) await workbook.csv.read(Readable.from(bytes.toString('utf8').replace(/^\uFEFF/, '')));
    else await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    refuse(`The roster file could not be read as ${csv ? 'CSV' : 'an Excel workbook (.xlsx)'}.`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) return refuse('The roster file has no rows.');
  const columns = new Map<number, Column>();
  sheet.getRow(1).eachCell((cell, index) => {
    const key = HEADER_NAMES[cellText(cell.value).toLowerCase().replace(/\s+/g, ' ')];
    if (key && ![...columns.values()].includes(key)) columns.set(index, key);
  });
  const missing = (['serviceNumber', 'name', 'phoneNumber'] as const).filter(
    (key) => ![...columns.values()].includes(key),
  );
  if (missing.length > 0)
    refuse(
      `The first row must name the columns; missing: ${missing
        .map((key) => ROSTER_COLUMNS.find((column) => column.key === key)?.header ?? key)
        .join(', ')}.`,
    );
  const rows: RosterFileRow[] = [];
  for (let line = 2; line <= sheet.rowCount; line += 1) {
    const row = sheet.getRow(line);
    const read: RosterFileRow = {
      line,
      serviceNumber: '',
      name: '',
      email: '',
      phoneNumber: '',
      role: '',
      department: '',
      active: '',
      preApproved: '',
    };
    for (const [index, key] of columns) read[key] = cellText(row.getCell(index).value).slice(0, 300);
    if (ROSTER_COLUMNS.every(({ key }) => read[key] === '')) continue;
    rows.push(read);
    if (rows.length > ROSTER_IMPORT_MAX_ROWS)
      refuse(`A roster file may hold at most ${ROSTER_IMPORT_MAX_ROWS} people.`);
  }
  if (rows.length === 0) refuse('The roster file has no people in it, only its header.');
  return rows;
}

/** The roster as an XLSX workbook, in the columns an import reads, so an export is a template too. */
export async function rosterWorkbook(users: readonly UserDto[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Caliber CMMS';
  const sheet = workbook.addWorksheet('Staff roster');
  sheet.columns = ROSTER_COLUMNS.map(({ key, header }) => ({
    key,
    header,
    width: key === 'name' || key === 'email' ? 30 : key === 'department' ? 24 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const user of users)
    sheet.addRow({
      serviceNumber: user.serviceNumber,
      name: user.name,
      email: user.email ?? '',
      phoneNumber: user.phoneNumber,
      role: user.role,
      department: user.department,
      active: user.isActive ? 'Yes' : 'No',
      preApproved: user.preApproved ? 'Yes' : 'No',
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
