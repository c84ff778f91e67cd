import {
  ACQUISITION_IMPORT_KEYS,
  columnLetters,
  createEquipmentSchema,
  DEVICE_IMPORT_KEYS,
  EQUIPMENT_STATUSES,
  INVENTORY_IMPORT_COLUMNS,
  INVENTORY_IMPORT_KEYS,
  listNameKey,
  listValueRefusal,
  readSheetDate,
  readUdi,
  statusChangeRefusal,
  udiSerialRefusal,
  type AcquisitionFigures,
  type DateOrder,
  type EquipmentDto,
  type EquipmentStatus,
  type InventoryFieldChange,
  type InventoryFileColumns,
  type InventoryFileRow,
  type InventoryImportAction,
  type InventoryImportKey,
  type InventoryRowProblem,
  type ListIndex,
  type ResolvableEntry,
} from '@caliber/contracts';
import {
  figuresIn,
  NO_FIGURES,
  supplierRefusal,
  type StoredFigures,
  type SupplierVendor,
} from '../acquisition/acquisition-figures';
import type { UdiColumns } from '../inventory/udi-columns';
import { figureChanges, readFigures } from './acquisition-cells';
import { closestNames } from './suggestions';

/** The values a valid row writes: the equipment fields and the columns its UDI fills. */
export type ImportRecord = Pick<
  EquipmentDto,
  | 'name'
  | 'manufacturer'
  | 'model'
  | 'serialNumber'
  | 'department'
  | 'location'
  | 'installationDate'
  | 'warrantyExpiry'
  | 'status'
  | 'category'
> &
  UdiColumns;

/** A device of the inventory as the import compares it: its id, version and stored values. */
export type ExistingDevice = ImportRecord & { id: string; version: number };

/** What the rows are read against: the lists, the devices of the rows' serial numbers, the date order. */
export interface ImportContext {
  columns: InventoryFileColumns;
  dateOrder: DateOrder;
  lists: ListIndex<ResolvableEntry>;
  /** The active names of each list and of the vendor list, for suggestions. */
  active: { department: readonly string[]; category: readonly string[]; supplier: readonly string[] };
  /**
   * The vendors the file's Supplier cells name, by the cell's text (read only when the file has
   * that column): a supplier is a vendor of the list.
   */
  suppliers: ReadonlyMap<string, SupplierVendor>;
  /** The live devices whose serial numbers (lower case) the file names. */
  existing: ReadonlyMap<string, ExistingDevice>;
  /** Those devices' recorded acquisition figures, by device id (read only when the file has their columns). */
  acquisitions: ReadonlyMap<string, StoredFigures>;
  /** Today's date at the hospital (`YYYY-MM-DD`): a purchase date may not be after it. */
  hospitalToday: string;
  role: string;
  today?: Date;
}

/**
 * The acquisition figures a row writes: the device's as they were, and as the row leaves them,
 * with the vendor its supplier then is.
 */
export interface FiguresWrite {
  before: AcquisitionFigures;
  after: AcquisitionFigures;
  supplierId: string | null;
}

export interface RowOutcome {
  line: number;
  action: InventoryImportAction;
  serialNumber: string;
  name: string;
  equipmentId: string | null;
  changes: InventoryFieldChange[];
  problems: InventoryRowProblem[];
  /** For `add`, and `update` when a field of the device changes: the device as written. */
  record: ImportRecord | null;
  /** For `add` and `update`: the acquisition figures written, when the row changes any. */
  figures: FiguresWrite | null;
  /** For `update` and `unchanged`: the device as it was. */
  before: ExistingDevice | null;
  /**
   * The version of the device's acquisition figures as read (0: none recorded), when the file has
   * their columns and the row names a device; Apply holds a row to it as it holds it to the
   * device's version.
   */
  acquisitionVersion: number | null;
}

const HEADER: Readonly<Record<InventoryImportKey, string>> = Object.fromEntries(
  INVENTORY_IMPORT_COLUMNS.map(({ key, header }) => [key, header]),
) as Record<InventoryImportKey, string>;

/** The fields an update compares: the file's columns (the UDI's own columns follow the UDI). */
const COMPARED: readonly (keyof ImportRecord)[] = DEVICE_IMPORT_KEYS;

const FIELD_LABELS: Readonly<Record<keyof ImportRecord, string>> = {
  ...HEADER,
  gtin: 'GTIN',
  lotNumber: 'Lot number',
  expiryDate: 'UDI expiry date',
  manufactureDate: 'UDI manufacture date',
};

const DATE_EXAMPLE: Readonly<Record<DateOrder, string>> = { DMY: '31/03/2021', MDY: '03/31/2021' };

const STATUS_BY_KEY = new Map<string, EquipmentStatus>(
  EQUIPMENT_STATUSES.map((status) => [status.toLowerCase().replace(/[^a-z]/g, ''), status]),
);

/** A status as people write it: any case and spacing ("under maintenance", "UNSERVICEABLE"). */
export function statusOf(text: string): EquipmentStatus | undefined {
  return STATUS_BY_KEY.get(text.toLowerCase().replace(/[^a-z]/g, ''));
}

/**
 * Reads every row of a file against the inventory and the lists: what each would do, or why it is
 * refused and in which cell. Pure, so the preview and the apply (which reads again, inside its
 * transaction, in case the inventory or the lists changed) give the same answer for the same state.
 * A serial number that appears on more than one row is refused after its first row: a serial
 * names one device, and the file cannot say which row is meant.
 */
export function evaluateRows(rows: readonly InventoryFileRow[], context: ImportContext): RowOutcome[] {
  const firstLine = new Map<string, number>();
  const suggest = suggestionsOnce(context);
  return rows.map((row) => {
    const outcome = evaluateRow(row, context, suggest);
    const key = outcome.serialNumber.toLowerCase();
    if (key === '') return outcome;
    const first = firstLine.get(key);
    if (first === undefined) {
      firstLine.set(key, row.line);
      return outcome;
    }
    return refused(outcome, [
      problemAt(
        context,
        'serialNumber',
        row.line,
        `Serial number ${outcome.serialNumber} is also on line ${first}: a serial number names one device, so only the first row is read.`,
      ),
    ]);
  });
}

function problemAt(
  context: ImportContext,
  key: InventoryImportKey,
  line: number,
  message: string,
): InventoryRowProblem {
  const column = context.columns[key];
  return { cell: column ? `${columnLetters(column)}${line}` : null, column: HEADER[key], message };
}

function refused(outcome: RowOutcome, problems: InventoryRowProblem[]): RowOutcome {
  return {
    ...outcome,
    action: 'refused',
    changes: [],
    problems: [...outcome.problems, ...problems],
    record: null,
    figures: null,
  };
}

/** The names of a list to offer for what a cell wrote that the list does not hold. */
type Suggest = (kind: 'department' | 'category' | 'supplier', written: string) => readonly string[];

/**
 * The suggestions of one reading of a file, each computed once per list and distinct text (as the
 * list compares names: case and spacing do not count). Comparing a text with every name of a list
 * is the costly part of a row, and a file of 20,000 rows writes the same few unknown names over and
 * over; the lists do not change while a file is read, so an answer once found holds for every row.
 */
function suggestionsOnce(context: ImportContext): Suggest {
  const found = new Map<string, readonly string[]>();
  const sought = { department: 0, category: 0, supplier: 0 };
  return (kind, written) => {
    const key = `${kind}\u0000${listNameKey(written)}`;
    let names = found.get(key);
    if (names === undefined) {
      // A file naming thousands of different unknown values has its columns mixed up, not a few
      // misspellings: past a hundred, the rest are refused without a suggestion, rather than
      // compared with every name of the list (the vendor list holds up to 5,000).
      sought[kind] += 1;
      names = sought[kind] > SUGGESTED_NAMES_MAX ? [] : closestNames(written, context.active[kind]);
      found.set(key, names);
    }
    return names;
  };
}

/** The distinct unknown values of one column a reading of a file suggests names for. */
export const SUGGESTED_NAMES_MAX = 100;

function evaluateRow(row: InventoryFileRow, context: ImportContext, suggest: Suggest): RowOutcome {
  // A row staged before a column existed (an import open across an upgrade) lacks its cell: empty.
  const staged: Partial<Record<InventoryImportKey, string>> = row.cells;
  const cells = Object.fromEntries(
    INVENTORY_IMPORT_KEYS.map((key) => [key, (staged[key] ?? '').trim()]),
  ) as Record<InventoryImportKey, string>;
  const problems: InventoryRowProblem[] = [];
  const flagged = new Set<InventoryImportKey>();
  const problem = (key: InventoryImportKey, message: string) => {
    flagged.add(key);
    problems.push(problemAt(context, key, row.line, message));
  };

  const udi = cells.udi ? readUdi(cells.udi, context.today) : null;
  if (udi && !udi.ok) problem('udi', udi.message);
  const udiParts = udi?.ok ? udi.parts : null;
  const serialNumber = cells.serialNumber || udiParts?.serialNumber || '';
  if (udiParts && cells.serialNumber) {
    const mismatch = udiSerialRefusal(udiParts.udi, cells.serialNumber);
    if (mismatch) problem('serialNumber', mismatch);
  }
  const existing = context.existing.get(serialNumber.toLowerCase()) ?? null;

  const date = (key: 'installationDate' | 'warrantyExpiry'): string | null => {
    const text = cells[key];
    if (!text) return null;
    const read = readSheetDate(text, context.dateOrder);
    if (read === null)
      problem(
        key,
        `${HEADER[key]} "${text.slice(0, 40)}" is not a date: write it as 2021-03-31 or ${DATE_EXAMPLE[context.dateOrder]}.`,
      );
    return read ?? text;
  };
  const installationDate = date('installationDate');
  const warrantyExpiry = context.columns.warrantyExpiry
    ? date('warrantyExpiry')
    : (existing?.warrantyExpiry ?? null);

  // Checked here, not left to the schema: its whole-record checks run only once every field passes,
  // and a row's every problem is said at once.
  if (
    installationDate &&
    warrantyExpiry &&
    !flagged.has('installationDate') &&
    !flagged.has('warrantyExpiry') &&
    warrantyExpiry < installationDate
  )
    problem('warrantyExpiry', 'Warranty expiry cannot be before the installation date.');

  const status = cells.status ? statusOf(cells.status) : undefined;
  if (cells.status && !status)
    problem(
      'status',
      `Status "${cells.status.slice(0, 40)}" is not one of ${EQUIPMENT_STATUSES.join(', ')}.`,
    );
  if (status && existing) {
    const refusal = statusChangeRefusal(context.role, existing.status, status);
    if (refusal) problem('status', refusal);
  }

  const listValue = (kind: 'department' | 'category'): string => {
    const text = cells[kind];
    if (!text) return '';
    const entry = context.lists.find(kind, text);
    const refusal = listValueRefusal(kind, text, entry, existing?.[kind] ?? null);
    if (!refusal) return entry?.name ?? text;
    const suggestions = entry ? [] : suggest(kind, text);
    problem(
      kind,
      suggestions.length > 0
        ? `${refusal} Did you mean ${suggestions.map((name) => `"${name}"`).join(' or ')}?`
        : refusal,
    );
    return text;
  };
  const department = listValue('department');
  const category = listValue('category');

  const acquisition = readFigures(cells, context);
  for (const { key, message } of acquisition.problems) problem(key, message);
  const stored = existing ? (context.acquisitions.get(existing.id) ?? null) : null;
  // The supplier the row names is a vendor of the list: written as the list writes it.
  let supplierId = stored?.supplierId ?? null;
  const namedSupplier = acquisition.figures.supplier;
  if (namedSupplier !== undefined) {
    const vendor = namedSupplier === null ? undefined : context.suppliers.get(namedSupplier);
    const refusal =
      namedSupplier === null ? null : supplierRefusal(namedSupplier, vendor, stored?.supplierId ?? null);
    if (refusal) {
      const suggestions = vendor || namedSupplier === null ? [] : suggest('supplier', namedSupplier);
      problem(
        'supplier',
        suggestions.length > 0
          ? `${refusal} Did you mean ${suggestions.map((name) => `"${name}"`).join(' or ')}?`
          : refusal,
      );
    }
    acquisition.figures.supplier = vendor?.name ?? null;
    supplierId = vendor?.id ?? null;
  }

  const candidate = {
    name: cells.name,
    manufacturer: cells.manufacturer,
    model: cells.model,
    serialNumber,
    department,
    location: cells.location,
    installationDate: installationDate ?? '',
    warrantyExpiry,
    status: status ?? (cells.status || ''),
    category,
    udi: udiParts?.udi ?? null,
  };
  const checked = createEquipmentSchema.safeParse(candidate);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const key = issue.path[0];
      if (typeof key !== 'string' || !(key in HEADER)) continue;
      const column = key as InventoryImportKey;
      if (flagged.has(column)) continue;
      problem(column, issue.message);
    }

  const base: RowOutcome = {
    line: row.line,
    action: 'refused',
    serialNumber,
    name: cells.name,
    equipmentId: existing?.id ?? null,
    changes: [],
    problems,
    record: null,
    figures: null,
    before: existing,
    acquisitionVersion: null,
  };
  if (problems.length > 0 || !checked.success) return base;

  const keepsUdi = existing && !context.columns.udi;
  const record: ImportRecord = {
    name: checked.data.name,
    manufacturer: checked.data.manufacturer,
    model: checked.data.model,
    serialNumber: checked.data.serialNumber,
    department,
    location: checked.data.location,
    installationDate: checked.data.installationDate,
    warrantyExpiry: checked.data.warrantyExpiry ?? null,
    status: checked.data.status,
    category,
    ...(keepsUdi
      ? {
          udi: existing.udi,
          gtin: existing.gtin,
          lotNumber: existing.lotNumber,
          expiryDate: existing.expiryDate,
          manufactureDate: existing.manufactureDate,
        }
      : {
          udi: udiParts?.udi ?? null,
          gtin: udiParts?.gtin ?? null,
          lotNumber: udiParts?.lotNumber ?? null,
          expiryDate: udiParts?.expiryDate ?? null,
          manufactureDate: udiParts?.manufactureDate ?? null,
        }),
  };
  if (keepsUdi) {
    const mismatch = udiSerialRefusal(existing.udi, record.serialNumber);
    if (mismatch) return refused(base, [problemAt(context, 'serialNumber', row.line, mismatch)]);
  }
  const figuresBefore: AcquisitionFigures = stored ? figuresIn(stored) : NO_FIGURES;
  const figuresAfter: AcquisitionFigures = { ...figuresBefore, ...acquisition.figures };
  const figuresChanged = figureChanges(figuresBefore, figuresAfter);
  const figures =
    figuresChanged.length > 0 ? { before: figuresBefore, after: figuresAfter, supplierId } : null;
  if (!existing) return { ...base, action: 'add', record, figures };
  const acquisitionVersion = hasFigureColumns(context) ? (stored?.version ?? 0) : null;
  const deviceChanges = COMPARED.filter((field) => (existing[field] ?? null) !== (record[field] ?? null)).map(
    (field): InventoryFieldChange => ({
      field: FIELD_LABELS[field],
      from: existing[field] ?? '',
      to: record[field] ?? '',
    }),
  );
  const changes = [...deviceChanges, ...figuresChanged];
  // A row that changes only the figures leaves the device's record (and its version) alone, as the
  // acquisition screen does.
  return changes.length === 0
    ? { ...base, action: 'unchanged', record: null, acquisitionVersion }
    : {
        ...base,
        action: 'update',
        changes,
        record: deviceChanges.length > 0 ? record : null,
        figures,
        acquisitionVersion,
      };
}

/** Whether the file has any acquisition column. */
const hasFigureColumns = (context: ImportContext) =>
  ACQUISITION_IMPORT_KEYS.some((key) => context.columns[key] !== undefined);

/** What the preview said of a row, as Apply compares it. */
export interface PreviewedRow {
  action: InventoryImportAction;
  equipmentId: string | null;
  equipmentVersion: number | null;
  /** The version of the device's acquisition figures then, when the file has their columns. */
  acquisitionVersion: number | null;
}

const refusedAtApply = (outcome: RowOutcome, message: string): RowOutcome =>
  refused(outcome, [{ cell: null, column: HEADER.serialNumber, message }]);

/**
 * Apply writes only what the person saw in the preview. A row is refused, and nothing of it
 * written, when since the preview:
 * - it was refused then (the person was told it would be left out; fixing the lists since does
 *   not bring it in unseen);
 * - a device with its serial number was added (the preview said add);
 * - the device it matched was deleted, or changed by anyone (its version moved): writing the file
 *   over it would undo a change nobody reviewed, such as a device just reported out of use;
 * - the file has acquisition columns and the device's figures were changed by anyone (their
 *   version moved): the file's figures would overwrite an amount nobody compared them with.
 * A row that leaves its device as it is now is not refused: nothing is written over anything.
 */
export function holdToPreview(
  outcomes: readonly RowOutcome[],
  previewed: ReadonlyMap<number, PreviewedRow>,
): RowOutcome[] {
  return outcomes.map((outcome) => {
    const seen = previewed.get(outcome.line);
    if (outcome.action === 'refused' || outcome.action === 'unchanged') return outcome;
    if (!seen || seen.action === 'refused')
      return refusedAtApply(
        outcome,
        'This row was refused in the preview, so it is left out: fix it in the file and import it again.',
      );
    if (seen.action === 'add')
      return outcome.action === 'add'
        ? outcome
        : refusedAtApply(
            outcome,
            `A device with serial number ${outcome.serialNumber} was added to the inventory after the preview: upload the file again to see what this row would change.`,
          );
    if (outcome.action === 'add')
      return refusedAtApply(
        outcome,
        `The device with serial number ${outcome.serialNumber} was deleted after the preview: upload the file again to add it anew.`,
      );
    if (outcome.equipmentId !== seen.equipmentId || outcome.before?.version !== seen.equipmentVersion)
      return refusedAtApply(
        outcome,
        `Someone changed the device with serial number ${outcome.serialNumber} after the preview: upload the file again to see what this row would change now.`,
      );
    return outcome.acquisitionVersion === (seen.acquisitionVersion ?? null)
      ? outcome
      : refusedAtApply(
          outcome,
          `Someone changed the acquisition figures of the device with serial number ${outcome.serialNumber} after the preview: upload the file again to see what this row would change now.`,
        );
  });
}
