import { z } from 'zod';
import { limitParam, pageFields, pageParam } from './paging';
import { equipmentExample } from './equipment';

/*
 * Inventory import: an Engineer or Admin uploads the hospital's device spreadsheet (XLSX or CSV).
 * The gateway streams the file into the file store and hands the equipment service its key; the
 * service reads it (in its own worker threads, within size, row and memory limits), keeps its rows
 * as a staged import
 * and answers a preview of every row: added, updated (matched by serial number, with the fields
 * that change), unchanged, or refused with each reason and the cell it is in. Applying the staged
 * import writes every row that is still valid in one transaction, each audited; refused rows are
 * left out and said so. Nothing is written before Apply, and a refused file writes nothing.
 */

export const INVENTORY_FILE_TYPES = ['xlsx', 'csv'] as const;
export type InventoryFileType = (typeof INVENTORY_FILE_TYPES)[number];

/** A file may hold at most this many devices: the largest hospital inventories in one file. */
export const INVENTORY_IMPORT_MAX_ROWS = 20_000;
/** The largest file accepted: 20,000 rows of 16 columns fit in about 5 MB of CSV. */
export const INVENTORY_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
/** The longest text a cell may hold; longer is refused by the field's own rule, this bounds memory. */
export const INVENTORY_CELL_MAX_CHARS = 300;
/** How long a staged import is kept for its Apply; then it is discarded. */
export const INVENTORY_IMPORT_KEEP_HOURS = 24;

/** The device's own columns an import reads, in the template's order. */
export const DEVICE_IMPORT_KEYS = [
  'name',
  'manufacturer',
  'model',
  'serialNumber',
  'udi',
  'department',
  'location',
  'installationDate',
  'warrantyExpiry',
  'status',
  'category',
] as const;
export type DeviceImportKey = (typeof DEVICE_IMPORT_KEYS)[number];

/**
 * The acquisition figures' columns (see acquisition.ts), after the device's own: named as the
 * figures are, so a cell's refusal by `setDeviceAcquisitionSchema` names its column. They are
 * costs: only those who may set them (Engineers and Admins) have them in their template, and only
 * those who read costs in their export.
 */
export const ACQUISITION_IMPORT_KEYS = [
  'acquisitionCost',
  'purchaseDate',
  'supplier',
  'expectedLifeYears',
] as const;
export type AcquisitionImportKey = (typeof ACQUISITION_IMPORT_KEYS)[number];

/** Every column an import reads, in the template's order. */
export const INVENTORY_IMPORT_KEYS = [...DEVICE_IMPORT_KEYS, ...ACQUISITION_IMPORT_KEYS] as const;
export type InventoryImportKey = (typeof INVENTORY_IMPORT_KEYS)[number];

const ACQUISITION_KEY_SET: ReadonlySet<string> = new Set(ACQUISITION_IMPORT_KEYS);

/** Whether a column is one of the acquisition figures' (a cost) rather than the device's own. */
export function isAcquisitionKey(key: InventoryImportKey): key is AcquisitionImportKey {
  return ACQUISITION_KEY_SET.has(key);
}

/**
 * Each column the import reads: the header the template and the export write, whether a row must
 * fill it, and the other headers people write for it. Headers are matched without regard to case,
 * spacing, punctuation or a trailing "(optional)": "Serial No.", "serial_number" and "S/N" are all
 * the serial number.
 */
export interface InventoryImportColumn<Key extends InventoryImportKey = InventoryImportKey> {
  key: Key;
  header: string;
  required: boolean;
  aliases: readonly string[];
}

export const INVENTORY_IMPORT_COLUMNS: readonly InventoryImportColumn[] = [
  {
    key: 'name',
    header: 'Name',
    required: true,
    aliases: ['Equipment', 'Equipment Name', 'Device', 'Device Name', 'Asset Name', 'Description', 'Item'],
  },
  {
    key: 'manufacturer',
    header: 'Manufacturer',
    required: true,
    aliases: ['Make', 'Brand', 'Vendor', 'Mfr', 'Maker'],
  },
  {
    key: 'model',
    header: 'Model',
    required: true,
    aliases: ['Model Number', 'Model No', 'Model Name'],
  },
  {
    key: 'serialNumber',
    header: 'Serial Number',
    required: true,
    aliases: ['Serial', 'Serial No', 'S/N', 'SN', 'Serial #'],
  },
  {
    key: 'udi',
    header: 'UDI',
    required: false,
    aliases: ['Unique Device Identifier', 'UDI Barcode', 'GS1'],
  },
  {
    key: 'department',
    header: 'Department',
    required: true,
    aliases: ['Dept', 'Unit', 'Service', 'Clinical Department'],
  },
  { key: 'location', header: 'Location', required: true, aliases: ['Ward', 'Room', 'Site', 'Area'] },
  {
    key: 'installationDate',
    header: 'Installation Date',
    required: true,
    aliases: [
      'Installed',
      'Install Date',
      'Date Installed',
      'Commissioning Date',
      'Commissioned',
      'In Service Date',
    ],
  },
  {
    key: 'warrantyExpiry',
    header: 'Warranty Expiry',
    required: false,
    aliases: ['Warranty', 'Warranty End', 'Warranty Until', 'Warranty Expiry Date', 'Warranty Expires'],
  },
  { key: 'status', header: 'Status', required: true, aliases: ['Condition', 'State'] },
  {
    key: 'category',
    header: 'Category',
    required: true,
    aliases: ['Equipment Category', 'Device Category', 'Group'],
  },
  // Not "Price" or "Value" (a price list's or the book value), nor "Vendor" (the manufacturer's).
  {
    key: 'acquisitionCost',
    header: 'Acquisition Cost',
    required: false,
    aliases: ['Cost', 'Purchase Cost', 'Purchase Price', 'Acquisition Price', 'Cost Price'],
  },
  {
    key: 'purchaseDate',
    header: 'Purchase Date',
    required: false,
    aliases: ['Date Purchased', 'Date of Purchase', 'Acquisition Date', 'Date Acquired'],
  },
  {
    key: 'supplier',
    header: 'Supplier',
    required: false,
    aliases: ['Supplied By', 'Supplier Name', 'Distributor', 'Purchased From'],
  },
  {
    key: 'expectedLifeYears',
    header: 'Expected Life (Years)',
    required: false,
    aliases: [
      'Expected Life',
      'Expected Service Life',
      'Service Life',
      'Useful Life',
      'Life Expectancy',
      'Lifespan',
      'Expected Lifespan',
    ],
  },
];

/** The device's own columns, without the acquisition figures'. */
export const DEVICE_IMPORT_COLUMNS: readonly InventoryImportColumn<DeviceImportKey>[] =
  INVENTORY_IMPORT_COLUMNS.filter(
    (column): column is InventoryImportColumn<DeviceImportKey> => !isAcquisitionKey(column.key),
  );

/**
 * The columns of a person's template: the acquisition figures' only for those who may set them
 * (`hasFullAccess`, as the acquisition screen's Edit); every other person's is the device's own.
 */
export function inventoryImportColumns(setsAcquisition: boolean): readonly InventoryImportColumn[] {
  return setsAcquisition ? INVENTORY_IMPORT_COLUMNS : DEVICE_IMPORT_COLUMNS;
}

/** A header as compared: lower case, letters and digits only, without a trailing "(optional)". */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/\(optional\)\s*$/, '')
    .replace(/#/g, 'number')
    .replace(/[^a-z0-9]/g, '');
}

const HEADER_INDEX = new Map<string, InventoryImportKey>(
  INVENTORY_IMPORT_COLUMNS.flatMap(({ key, header, aliases }) =>
    [header, key, ...aliases].map((name) => [headerKey(name), key] as const),
  ),
);

/** The column a header names, or undefined for a column the import does not read. */
export function inventoryColumnOf(header: string): InventoryImportKey | undefined {
  return HEADER_INDEX.get(headerKey(header));
}

/** A spreadsheet column's letters: 1 is A, 27 is AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/**
 * One row of an inventory file as the equipment service read it: every cell as text ('' when empty or absent),
 * cut at INVENTORY_CELL_MAX_CHARS. `line` is the row's number in the file (the header is line 1).
 */
export interface InventoryFileRow {
  line: number;
  cells: Record<InventoryImportKey, string>;
}

/** Where each column the import reads is in the file (1 is column A); columns not in the file are absent. */
export type InventoryFileColumns = Partial<Record<InventoryImportKey, number>>;

/**
 * How a file writes dates that could be either day/month or month/day (03/04/2021). `auto` reads
 * the order from the file's own unambiguous dates (a 13/04/2021 anywhere means day first), and day
 * first when none decides; the preview says which order it used, so the person can choose again.
 */
export const INVENTORY_DATE_ORDERS = ['auto', 'DMY', 'MDY'] as const;
export type InventoryDateOrder = (typeof INVENTORY_DATE_ORDERS)[number];

/**
 * The preview's date note when no date of the file depends on the order (date cells, dates written
 * year first or with the month by name): the screen then offers no other order, which would read
 * every date the same.
 */
export const DATES_READ_ONE_WAY_NOTE =
  'Every date in the file reads one way only (a date cell, or written year first or with the month by name): the order of day and month changes none of them.';

const fileNameField = z
  .string({ error: 'fileName is required.' })
  .trim()
  .min(1, { error: 'fileName is required.' })
  .max(255, { error: 'fileName must have at most 255 characters.' })
  .refine((name) => /\.(xlsx|csv)$/i.test(name), { error: 'The inventory file must be .xlsx or .csv.' });

const dateOrderField = z
  .enum(INVENTORY_DATE_ORDERS, { error: `dateOrder must be one of ${INVENTORY_DATE_ORDERS.join(', ')}.` })
  .default('auto');

/**
 * The upload's query: its file's name (the file itself is the request's body, streamed) and how
 * ambiguous dates read.
 */
export const inventoryImportQuerySchema = z.strictObject(
  { fileName: fileNameField, dateOrder: dateOrderField },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Only fileName and dateOrder may be asked.' : undefined,
  },
);
export type InventoryImportQuery = z.input<typeof inventoryImportQuerySchema>;

/**
 * What the gateway sends the equipment service: where it streamed the file in the file store
 * (never its bytes nor its rows). The service reads it there in its own file workers, stages its
 * rows, answers the preview, and removes the file whatever the outcome.
 */
export const inventoryImportFileSchema = z.strictObject({
  incomingKey: z.string().regex(/^incoming\/[a-f0-9-]{36}$/),
  fileName: fileNameField,
  dateOrder: z.enum(INVENTORY_DATE_ORDERS).default('auto'),
});
export type InventoryImportFile = z.input<typeof inventoryImportFileSchema>;

/** `GET /equipment/import/template?format=`: the template as a workbook (the default) or CSV. */
export const inventoryTemplateQuerySchema = z.object({
  format: z
    .enum(INVENTORY_FILE_TYPES, { error: `format must be one of ${INVENTORY_FILE_TYPES.join(', ')}.` })
    .default('xlsx'),
});

export const INVENTORY_IMPORT_ACTIONS = ['add', 'update', 'unchanged', 'refused'] as const;
export type InventoryImportAction = (typeof INVENTORY_IMPORT_ACTIONS)[number];

/** One reason a row is refused: the sentence, and the cell it is about (`F12`) when it is one cell's. */
export const inventoryRowProblemSchema = z.object({
  cell: z.string().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type InventoryRowProblem = z.output<typeof inventoryRowProblemSchema>;

/** A field an update changes, from the inventory's value to the file's. */
export const inventoryFieldChangeSchema = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type InventoryFieldChange = z.output<typeof inventoryFieldChangeSchema>;

/** The ICU's spreadsheet moves the examples' pump to another bed. */
const inventoryImportRowExample = {
  line: 2,
  action: 'update',
  serialNumber: equipmentExample.serialNumber,
  name: equipmentExample.name,
  equipmentId: equipmentExample._id,
  changes: [{ field: 'location', from: equipmentExample.location, to: 'Bed 6' }],
  problems: [],
} as const;

/** One row of the preview (and, after Apply, of what was done). */
export const inventoryImportRowDtoSchema = z
  .object({
    line: z.number().int(),
    action: z.enum(INVENTORY_IMPORT_ACTIONS),
    serialNumber: z.string(),
    name: z.string(),
    equipmentId: z
      .string()
      .nullable()
      .describe('The device the row updates or leaves unchanged, or (after Apply) the one it added.'),
    changes: z.array(inventoryFieldChangeSchema).describe('For `update`: the fields that change.'),
    problems: z.array(inventoryRowProblemSchema).describe('For `refused`: every reason.'),
  })
  .meta({ id: 'InventoryImportRow', examples: [inventoryImportRowExample] });
export type InventoryImportRowDto = z.output<typeof inventoryImportRowDtoSchema>;

export const INVENTORY_IMPORT_STATES = ['previewed', 'applied'] as const;
export type InventoryImportState = (typeof INVENTORY_IMPORT_STATES)[number];

/** A staged import: its counts, the date order it read dates in, and whether it was applied. */
export const inventoryImportDtoSchema = z
  .object({
    _id: z.string(),
    fileName: z.string(),
    state: z.enum(INVENTORY_IMPORT_STATES),
    dateOrder: z
      .enum(['DMY', 'MDY'])
      .describe('The order ambiguous dates were read in: the one asked for, or the one `auto` found.'),
    dateOrderNote: z.string().describe('Why `auto` chose its order, in a sentence the screen shows.'),
    columnsRead: z.array(z.string()).describe("The file's columns the import read, by header."),
    columnsIgnored: z.array(z.string()).describe('The headers it did not recognise.'),
    rows: z.number().int(),
    summary: z.object({
      add: z.number().int(),
      update: z.number().int(),
      unchanged: z.number().int(),
      refused: z.number().int(),
    }),
    createdAt: z.string(),
    expiresAt: z.string(),
    appliedAt: z.string().nullable(),
    applied: z
      .object({ added: z.number().int(), updated: z.number().int() })
      .nullable()
      .describe(
        'After Apply: what was written (rows refused at Apply, because the inventory changed, are in `summary`).',
      ),
  })
  .meta({
    id: 'InventoryImport',
    examples: [
      {
        _id: 'f3b9a2d5-6c1e-4a8f-b7d0-2e5c9a1f4b68',
        fileName: 'icu-inventory-2026-03.xlsx',
        state: 'previewed',
        dateOrder: 'DMY',
        dateOrderNote: 'Dates were read day first (31/03/2021), as the file writes them.',
        columnsRead: [
          'Name',
          'Manufacturer',
          'Model',
          'Serial Number',
          'Department',
          'Location',
          'Installation Date',
          'Warranty Expiry',
          'Status',
          'Category',
        ],
        columnsIgnored: ['Asset Tag'],
        rows: 1,
        summary: { add: 0, update: 1, unchanged: 0, refused: 0 },
        createdAt: '2026-03-16T10:02:44.518Z',
        expiresAt: '2026-03-17T10:02:44.518Z',
        appliedAt: null,
        applied: null,
      },
    ],
  });
export type InventoryImportDto = z.output<typeof inventoryImportDtoSchema>;
export type InventoryImportSummary = InventoryImportDto['summary'];

export const INVENTORY_IMPORT_ROWS_PAGE = 50;
/**
 * The most rows one page answers. A refused row can carry 7 KB of JSON (two cells of 300
 * characters that JSON writes six bytes each, and a reason for every column), so 100 keep the
 * answer under 1 MiB, the bus's payload limit; 500 could reach 3.5 MB and be refused.
 */
export const INVENTORY_IMPORT_ROWS_MAX_PAGE = 100;

/** A page of a staged import's rows, in file order, optionally of one action. */
export const inventoryImportRowsQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(INVENTORY_IMPORT_ROWS_PAGE, INVENTORY_IMPORT_ROWS_MAX_PAGE),
  action: z
    .union([z.literal(''), z.enum(INVENTORY_IMPORT_ACTIONS)], {
      error: `action must be one of ${INVENTORY_IMPORT_ACTIONS.join(', ')}.`,
    })
    .default(''),
});
export type InventoryImportRowsQuery = z.output<typeof inventoryImportRowsQuerySchema>;

export const inventoryImportRowsPageSchema = z
  .object({ rows: z.array(inventoryImportRowDtoSchema), ...pageFields })
  .meta({
    id: 'InventoryImportRowsPage',
    examples: [
      { rows: [inventoryImportRowExample], total: 1, page: 1, pages: 1, limit: INVENTORY_IMPORT_ROWS_PAGE },
    ],
  });
export type InventoryImportRowsPage = z.output<typeof inventoryImportRowsPageSchema>;

/*
 * Inside the equipment service: a file's rows are staged in chunks, each written in a statement of
 * bounded size, and kept until the preview.
 */

/** The most rows one staging chunk carries; each is also kept under 512 KiB of JSON. */
export const INVENTORY_STAGE_CHUNK_ROWS = 500;
export const INVENTORY_STAGE_CHUNK_BYTES = 512 * 1024;

export const inventoryStageBeginSchema = z.strictObject({
  fileName: fileNameField,
  dateOrder: z.enum(INVENTORY_DATE_ORDERS),
  rows: z.number().int().min(1).max(INVENTORY_IMPORT_MAX_ROWS),
  columns: z.partialRecord(z.enum(INVENTORY_IMPORT_KEYS), z.number().int().min(1).max(16_384)),
  columnsIgnored: z.array(z.string().max(INVENTORY_CELL_MAX_CHARS)).max(200),
});
export type InventoryStageBegin = z.output<typeof inventoryStageBeginSchema>;

const cellText = z.string().max(INVENTORY_CELL_MAX_CHARS);
export const inventoryStageRowsSchema = z.strictObject({
  importId: z.uuid(),
  rows: z
    .array(
      z.strictObject({
        line: z
          .number()
          .int()
          .min(2)
          .max(INVENTORY_IMPORT_MAX_ROWS + 1),
        cells: z.strictObject(
          Object.fromEntries(INVENTORY_IMPORT_KEYS.map((key) => [key, cellText])) as Record<
            InventoryImportKey,
            typeof cellText
          >,
        ),
      }),
    )
    .min(1)
    .max(INVENTORY_STAGE_CHUNK_ROWS),
});
export type InventoryStageRows = z.output<typeof inventoryStageRowsSchema>;

/** A staged import named by its id, as the other import calls carry it. */
export const inventoryImportIdSchema = z.strictObject({ importId: z.uuid() });
