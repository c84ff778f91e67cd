import {
  INVENTORY_CELL_MAX_CHARS,
  INVENTORY_IMPORT_COLUMNS,
  INVENTORY_IMPORT_KEYS,
  INVENTORY_IMPORT_MAX_BYTES,
  INVENTORY_IMPORT_MAX_ROWS,
  columnLetters,
  inventoryColumnOf,
  unguardedCell,
  type InventoryFileColumns,
  type InventoryFileRow,
  type InventoryImportKey,
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

/**
 * The most an inventory workbook may unpack to, all its parts together: 96 MiB, first as its ZIP
 * directory declares (before anything is inflated), then as counted while inflating. Measured with
 * 20,000 devices: the import's 11 columns as Excel saves them (shared strings) unpack to 9.3 MB;
 * Caliber's own export in all its 25 columns (inline strings) to 23.5 MB, and in the 29 of a cost
 * reader's export (with the acquisition figures) to 26.9 MB; a hospital sheet of 40
 * columns (29 of them notes of its own) to 58.6 MB. 96 MiB is about 5 KB of XML for each of the
 * 20,001 rows a file may have, while a workbook that unpacks to a gigabyte is refused unread.
 */
export const INVENTORY_UNPACKED_MAX_BYTES = 96 * 1024 * 1024;

export const INVENTORY_FILE: SheetFile = {
  name: 'inventory file',
  aName: 'An inventory file',
  aWorkbook: 'an inventory workbook',
  rowsAre: 'devices',
  whole: 'the inventory',
  maxRows: INVENTORY_IMPORT_MAX_ROWS,
  maxBytes: INVENTORY_IMPORT_MAX_BYTES,
  unpackedMaxBytes: INVENTORY_UNPACKED_MAX_BYTES,
};

/** An inventory file as read: where its columns are, its headers read and ignored, and its devices. */
export interface InventoryFileRead {
  columns: InventoryFileColumns;
  columnsRead: string[];
  columnsIgnored: string[];
  rows: InventoryFileRow[];
}

/** The most headers an import lists as ignored (the staging message carries at most 200). */
const IGNORED_LISTED = 200;
/** A sheet's last column (XFD): a column past it is not one a workbook can hold. */
const LAST_COLUMN = 16_384;
/** How far down a misplaced header row is looked for, to say where it is. */
const HEADER_SEARCH_ROWS = 10;

const headerOfKey = (key: InventoryImportKey) =>
  INVENTORY_IMPORT_COLUMNS.find((column) => column.key === key)?.header ?? key;

/** The first row's headers: each column the import reads, and the headers it does not. */
function headerOf(row: SheetRow): Omit<InventoryFileRead, 'rows'> {
  const columns: InventoryFileColumns = {};
  const columnsRead: string[] = [];
  const columnsIgnored: string[] = [];
  const headers = new Map<number, string>();
  for (const [index, text] of row.cells()) {
    if (text === '') continue;
    headers.set(index, text);
    const key = inventoryColumnOf(text);
    if (!key) {
      columnsIgnored.push(text.slice(0, INVENTORY_CELL_MAX_CHARS));
      continue;
    }
    const earlier = columns[key];
    if (earlier !== undefined)
      refuseContent(
        `Two columns name the ${headerOfKey(key)}: ${columnLetters(earlier)}1 "${headers.get(earlier) ?? ''}" and ${columnLetters(
          index,
        )}1 "${text}". Delete or rename one of them.`,
      );
    if (index > LAST_COLUMN)
      refuseContent(
        `The column ${text} is column ${index.toLocaleString('en')} of the file; a sheet has at most ${LAST_COLUMN.toLocaleString('en')} columns.`,
      );
    columns[key] = index;
    columnsRead.push(text);
  }
  if (columnsIgnored.length > IGNORED_LISTED)
    columnsIgnored.splice(
      IGNORED_LISTED - 1,
      Infinity,
      `… and ${(columnsIgnored.length - IGNORED_LISTED + 1).toLocaleString('en')} more`,
    );
  return { columns, columnsRead, columnsIgnored };
}

/** The required columns a header row does not name. */
const missingFrom = (columns: InventoryFileColumns) =>
  INVENTORY_IMPORT_COLUMNS.filter((column) => column.required && columns[column.key] === undefined);

/** Whether a row names every required column (duplicates aside): a header row further down. */
function namesEveryColumn(row: SheetRow): boolean {
  const named = new Set([...row.cells()].map(([, text]) => inventoryColumnOf(text)));
  return INVENTORY_IMPORT_COLUMNS.every((column) => !column.required || named.has(column.key));
}

const refuseHeaderBelow = (line: number): never =>
  refuseContent(
    `The column names must be on the first row; they are on row ${line}. Delete the rows above them.`,
  );

const missingMessage = (missing: ReturnType<typeof missingFrom>) =>
  `The first row must name the inventory's columns; missing: ${missing
    .map(({ header, aliases }) => `${header} (or ${aliases.join(', ')})`)
    .join('; ')}. Case, spaces and punctuation do not matter, and "(optional)" after a header is ignored.`;

/** The columns that hold dates: a workbook's date cells arrive as day numbers. */
const DATE_KEYS: ReadonlySet<InventoryImportKey> = new Set([
  'installationDate',
  'warrantyExpiry',
  'purchaseDate',
]);
/** Days from 1900-01-00 to 1904-01-01 in Excel's count: what a 1904-system day number lacks. */
const DAYS_1900_TO_1904 = 1462;

/** A day number of the 1904 date system as the 1900 system's, which the date reader takes; other text as it is. */
function in1900System(text: string): string {
  return /^\d+(\.\d+)?$/.test(text) ? String(Math.floor(Number(text)) + DAYS_1900_TO_1904) : text;
}

/**
 * Reads an inventory file (XLSX or CSV) into its devices, each cell as text, with the line each
 * came from. The first row names the columns, in any order and by any of their accepted names
 * (`inventoryColumnOf`); a header that names no column is listed as ignored (the export's own
 * columns, such as GTIN or Equipment ID, among them). Every required column must be named, and no
 * column twice. Rows with every cell the import reads empty are skipped, but counted towards the
 * cap. Cells are cut at INVENTORY_CELL_MAX_CHARS, and the quote that guards an exported CSV cell
 * against being run as a formula is taken off. Runs in a worker thread.
 */
export async function readInventoryRows(type: SheetFileType, bytes: Buffer): Promise<InventoryFileRead> {
  let header: Omit<InventoryFileRead, 'rows'> | undefined;
  /** Why the first row is not the header, while the rows below are searched for one. */
  let notHeader: string | undefined;
  const rows: InventoryFileRow[] = [];
  for await (const row of sheetRows(INVENTORY_FILE, type, bytes)) {
    if (notHeader !== undefined) {
      if (row.line > HEADER_SEARCH_ROWS) break;
      if (namesEveryColumn(row)) refuseHeaderBelow(row.line);
      continue;
    }
    if (!header) {
      header = row.line === 1 ? headerOf(row) : { columns: {}, columnsRead: [], columnsIgnored: [] };
      const missing = missingFrom(header.columns);
      if (missing.length === 0) continue;
      notHeader = missingMessage(missing);
      if (row.line > 1 && namesEveryColumn(row)) refuseHeaderBelow(row.line);
      continue;
    }
    const cells = Object.fromEntries(INVENTORY_IMPORT_KEYS.map((key) => [key, ''])) as Record<
      InventoryImportKey,
      string
    >;
    for (const key of INVENTORY_IMPORT_KEYS) {
      const column = header.columns[key];
      if (column === undefined) continue;
      const text = unguardedCell(row.cell(column)).slice(0, INVENTORY_CELL_MAX_CHARS);
      cells[key] = row.dates1904 && DATE_KEYS.has(key) ? in1900System(text) : text;
    }
    if (INVENTORY_IMPORT_KEYS.every((key) => cells[key] === '')) continue;
    rows.push({ line: row.line, cells });
  }
  if (notHeader !== undefined) return refuseContent(notHeader);
  if (!header) return refuseNoRows(INVENTORY_FILE);
  if (rows.length === 0) refuseHeaderOnly(INVENTORY_FILE);
  return { ...header, rows };
}
