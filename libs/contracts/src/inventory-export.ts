import { z } from 'zod';
import type { EquipmentDto } from './equipment';
import { equipmentFiltersSchema } from './equipment';
import type { AcquisitionFigures } from './acquisition';
import { DEVICE_IMPORT_COLUMNS, INVENTORY_IMPORT_COLUMNS, type DeviceImportKey } from './inventory-import';

/*
 * Inventory export: the filtered inventory as CSV or XLSX, every field. The import's columns come
 * first under the import's own headers, so an exported file (edited or not) imports again and
 * matches every device by its serial number; the columns after them are the inventory's own
 * (derived from the UDI, the risk assessment, who added and changed the device) and an import
 * ignores them. The acquisition figures (costs) are among the import's columns, right after the
 * device's own, only in the export of someone who reads costs (`readsCosts`): anyone else's export
 * is the inventory record alone.
 */

export const INVENTORY_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type InventoryExportFormat = (typeof INVENTORY_EXPORT_FORMATS)[number];

/** The most devices one export holds: beyond any one hospital's inventory, and bounded in memory. */
export const INVENTORY_EXPORT_MAX_ROWS = 50_000;

export const inventoryExportQuerySchema = equipmentFiltersSchema.extend({
  format: z
    .enum(INVENTORY_EXPORT_FORMATS, {
      error: `format must be one of ${INVENTORY_EXPORT_FORMATS.join(', ')}.`,
    })
    .default('xlsx'),
});
export type InventoryExportQuery = z.output<typeof inventoryExportQuerySchema>;

/** The most devices one page of an export holds (about 0.7 KB each): one bounded query at a time. */
export const INVENTORY_EXPORT_PAGE_ROWS = 500;
/**
 * The most JSON one export page holds: a page ends at this size before its row count. A device
 * whose texts fill their columns in a script of two- or three-byte characters (Greek, Arabic,
 * Chinese) is several kilobytes, and 500 of them would be megabytes in the service's memory (and,
 * sent to a file worker, more than its messages should carry at once).
 */
export const INVENTORY_EXPORT_PAGE_MAX_BYTES = 512 * 1024;

/** Where the next page starts: after this device, in the list's default order (name, then id). */
export const exportCursorSchema = z.strictObject({ name: z.string().max(120), id: z.uuid() });
export type ExportCursor = z.output<typeof exportCursorSchema>;

/**
 * One page of the devices an export or a sheet of labels covers: the inventory as filtered, or the
 * devices chosen by id (at most ASSET_LABELS_MAX), in name order, as the equipment service reads
 * them for a file.
 */
export const inventoryExportPageSchema = z
  .strictObject({
    filters: equipmentFiltersSchema.optional(),
    ids: z.array(z.uuid()).min(1).max(5_000).optional(),
    after: exportCursorSchema.nullable().default(null),
    limit: z.number().int().min(1).max(INVENTORY_EXPORT_PAGE_ROWS).default(INVENTORY_EXPORT_PAGE_ROWS),
  })
  .refine((request) => (request.ids === undefined) !== (request.filters === undefined), {
    error: 'Send either ids or filters.',
  });
export type InventoryExportPageRequest = z.input<typeof inventoryExportPageSchema>;

export interface InventoryExportPage {
  equipment: EquipmentDto[];
  /** How many devices the whole export covers (the filtered count, or the ids found). */
  total: number;
  next: ExportCursor | null;
}

/**
 * How a column's values are written: text stays text; a date is a date cell in a workbook; an
 * amount (in the hospital currency) a number with two decimals.
 */
export type InventoryExportKind = 'text' | 'date' | 'number' | 'amount' | 'dateTime';

/** A device as an export writes it: with its acquisition figures when the person reads costs. */
export type InventoryExportDevice = EquipmentDto & { acquisition?: AcquisitionFigures | null };

export interface InventoryExportColumn {
  header: string;
  kind: InventoryExportKind;
  /** The value of one device, '' or null for none. Dates are `YYYY-MM-DD`, date-times ISO 8601. */
  value: (item: InventoryExportDevice) => string | number | null;
}

const importValue = (key: DeviceImportKey) => (item: InventoryExportDevice) => item[key] ?? null;

const headerOf = (key: keyof AcquisitionFigures) =>
  INVENTORY_IMPORT_COLUMNS.find((column) => column.key === key)?.header ?? key;

/** The acquisition figures' columns, under the import's headers. */
const ACQUISITION_EXPORT_COLUMNS: readonly InventoryExportColumn[] = [
  {
    header: headerOf('acquisitionCost'),
    kind: 'amount',
    value: (item) => item.acquisition?.acquisitionCost ?? null,
  },
  { header: headerOf('purchaseDate'), kind: 'date', value: (item) => item.acquisition?.purchaseDate ?? null },
  { header: headerOf('supplier'), kind: 'text', value: (item) => item.acquisition?.supplier ?? null },
  {
    header: headerOf('expectedLifeYears'),
    kind: 'number',
    value: (item) => item.acquisition?.expectedLifeYears ?? null,
  },
];

const DEVICE_EXPORT_COLUMNS: readonly InventoryExportColumn[] = DEVICE_IMPORT_COLUMNS.map(
  ({ key, header }): InventoryExportColumn => ({
    header,
    kind: key === 'installationDate' || key === 'warrantyExpiry' ? 'date' : 'text',
    value: importValue(key),
  }),
);

/** The inventory's own columns after the import's: an import ignores them. */
const DERIVED_EXPORT_COLUMNS: readonly InventoryExportColumn[] = [
  { header: 'GTIN', kind: 'text', value: (item) => item.gtin },
  { header: 'Lot Number', kind: 'text', value: (item) => item.lotNumber },
  { header: 'UDI Expiry Date', kind: 'date', value: (item) => item.expiryDate },
  { header: 'UDI Manufacture Date', kind: 'date', value: (item) => item.manufactureDate },
  { header: 'Risk Class', kind: 'text', value: (item) => item.risk?.riskClass ?? null },
  { header: 'EM Number', kind: 'number', value: (item) => item.risk?.total ?? null },
  {
    header: 'Life Support',
    kind: 'text',
    value: (item) => (item.risk ? (item.risk.lifeSupport ? 'Yes' : 'No') : null),
  },
  {
    header: 'In PM Program',
    kind: 'text',
    value: (item) => (item.risk ? (item.risk.inPmProgram ? 'Yes' : 'No') : null),
  },
  { header: 'Risk Assessed', kind: 'dateTime', value: (item) => item.risk?.assessedAt ?? null },
  { header: 'Equipment ID', kind: 'text', value: (item) => item._id },
  { header: 'Added', kind: 'dateTime', value: (item) => item.createdAt },
  { header: 'Added By', kind: 'text', value: (item) => item.createdBy?.name ?? null },
  { header: 'Last Updated', kind: 'dateTime', value: (item) => item.updatedAt },
  { header: 'Updated By', kind: 'text', value: (item) => item.updatedBy?.name ?? null },
];

/** Every column of an export, in order, for someone who does not read costs: the record alone. */
export const INVENTORY_EXPORT_COLUMNS: readonly InventoryExportColumn[] = [
  ...DEVICE_EXPORT_COLUMNS,
  ...DERIVED_EXPORT_COLUMNS,
];

/** Every column of an export for someone who reads costs: the acquisition figures after the device's own. */
export const INVENTORY_EXPORT_COLUMNS_WITH_COSTS: readonly InventoryExportColumn[] = [
  ...DEVICE_EXPORT_COLUMNS,
  ...ACQUISITION_EXPORT_COLUMNS,
  ...DERIVED_EXPORT_COLUMNS,
];

/** The columns of an export: with the acquisition figures only for someone who reads costs. */
export const inventoryExportColumns = (readsCosts: boolean): readonly InventoryExportColumn[] =>
  readsCosts ? INVENTORY_EXPORT_COLUMNS_WITH_COSTS : INVENTORY_EXPORT_COLUMNS;

/**
 * A text cell as a spreadsheet must receive it so it stays text. Excel and LibreOffice run a cell
 * that starts with = + - @ (or a tab or carriage return before one) as a formula, in a CSV and in a
 * workbook's typed-in values alike; a quote in front (OWASP's advice for CSV injection) shows the
 * text as written and runs nothing. A serial number "-0042" reads back as "'-0042" in a CSV, which
 * an import takes off again (see `unguardedCell`).
 */
export function guardedCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell read back from a file Caliber wrote: the guard's quote taken off again. */
export function unguardedCell(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
