import {
  ROSTER_COLUMNS,
  ROSTER_IMPORT_MAX_BYTES,
  ROSTER_IMPORT_MAX_ROWS,
  type RosterFileRow,
} from '@caliber/contracts';
import {
  refuseContent,
  refuseHeaderOnly,
  refuseNoRows,
  sheetRows,
  type SheetFile,
  type SheetFileType,
  type SheetRow,
} from '@caliber/file-kit/worker';

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

/**
 * A roster file as the shared reader reads it. It may unpack to 16 MiB, first as its ZIP directory
 * declares (before anything is inflated), then as counted while inflating: a roster of 2,500
 * people in the eight columns an import reads unpacks to about 1.2 MB (the sheet about 320 bytes
 * of XML a row, the shared strings about 150); 16 MiB allows about 6.7 KB of XML for each of the
 * 2,501 rows a file may have, room for a sheet of many more columns or long texts, while a workbook
 * that unpacks to a gigabyte is refused unread.
 */
export const ROSTER_FILE: SheetFile = {
  name: 'roster file',
  aName: 'A roster file',
  aWorkbook: 'a roster workbook',
  rowsAre: 'people',
  whole: 'the roster',
  maxRows: ROSTER_IMPORT_MAX_ROWS,
  maxBytes: ROSTER_IMPORT_MAX_BYTES,
  unpackedMaxBytes: 16 * 1024 * 1024,
};

function headerColumns(row: SheetRow | undefined): Map<number, Column> {
  const columns = new Map<number, Column>();
  if (row?.line !== 1) return columns;
  for (const [index, text] of row.cells()) {
    const key = HEADER_NAMES[text.toLowerCase().replace(/\s+/g, ' ')];
    if (key && ![...columns.values()].includes(key)) columns.set(index, key);
  }
  return columns;
}

/**
 * Reads a roster file (XLSX or CSV) into its people, each cell as text, with the line each came
 * from. The first row names the columns (in any order; unknown columns are ignored); service
 * number, full name and phone must be among them. Rows with every cell empty are skipped, but
 * counted towards the cap. Refuses with a FileRefusal a file that cannot be read, lacks the
 * required columns, has a row past the cap, or (a workbook) unpacks beyond the bound. Runs in a
 * worker thread.
 */
export async function readRosterRows(type: SheetFileType, bytes: Buffer): Promise<RosterFileRow[]> {
  let columns: Map<number, Column> | undefined;
  const people: RosterFileRow[] = [];
  for await (const row of sheetRows(ROSTER_FILE, type, bytes)) {
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
  if (!columns) refuseNoRows(ROSTER_FILE);
  if (people.length === 0) refuseHeaderOnly(ROSTER_FILE);
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
