import {
  INVENTORY_EXPORT_COLUMNS,
  type EquipmentDto,
  type InventoryExportColumn,
  type InventoryExportKind,
} from '@caliber/contracts';
import { writeWorkbook } from '@caliber/file-kit/worker';
import { wallClock } from './inventory-export-cells';

/*
 * The inventory as an XLSX workbook, written row by row with exceljs's streaming writer as the
 * pages of the export arrive, in a file worker thread. No cell is ever a formula: every text is a
 * string cell (a string cell is never run, whatever it starts with), formatted as text ('@') with
 * its whole column, so a cell edited in Excel stays text (a serial number 0042 keeps its zeros).
 * Dates are date cells, date-times dates with their time on the hospital's clock, the EM number a
 * number.
 */

const NUMBER_FORMATS: Record<InventoryExportKind, string> = {
  text: '@',
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
  number: '0',
};

const KIND_WIDTHS: Record<InventoryExportKind, number> = { text: 18, date: 12, dateTime: 17, number: 10 };
/** Columns whose texts are longer than most: a device's name, its UDI, its id. */
const WIDTHS: Readonly<Record<string, number>> = { Name: 32, UDI: 44, 'Equipment ID': 38 };

/** A column's width in characters: room for its header and for the values it usually holds. */
const widthOf = ({ header, kind }: InventoryExportColumn) =>
  Math.max(WIDTHS[header] ?? KIND_WIDTHS[kind], header.length + 4);

/** A date (`YYYY-MM-DD`) as exceljs writes a date cell: midnight UTC is the day itself. */
const dateCell = (date: string) => new Date(`${date}T00:00:00Z`);

/** One device's cells: strings, dates and numbers only. */
function valuesOf(item: EquipmentDto, timeZone: string): (string | number | Date | null)[] {
  return INVENTORY_EXPORT_COLUMNS.map(({ kind, value }) => {
    const cell = value(item);
    if (cell === null || cell === '') return null;
    if (typeof cell === 'number') return cell;
    if (kind === 'date') return dateCell(cell);
    if (kind === 'dateTime') {
      const { date, time } = wallClock(cell, timeZone);
      return new Date(`${date}T${time}:00Z`);
    }
    return cell;
  });
}

/** What the export writer is given first; the devices follow as pages. */
export interface InventoryWorkbookInput {
  /** The hospital's time zone, for the date-times. */
  timeZone: string;
}

/**
 * The devices of `pages`, as they arrive, as an XLSX workbook: one sheet "Inventory", the export's
 * columns in order under a frozen, bold header row with an autofilter.
 */
export async function writeInventoryWorkbook(
  { timeZone }: InventoryWorkbookInput,
  pages: AsyncIterable<readonly EquipmentDto[]>,
): Promise<Buffer> {
  const { sheet, finish } = writeWorkbook(
    'Inventory',
    INVENTORY_EXPORT_COLUMNS.map((column) => ({
      header: column.header,
      width: widthOf(column),
      style: { numFmt: NUMBER_FORMATS[column.kind] },
    })),
  );
  let rows = 1;
  for await (const page of pages)
    for (const item of page) {
      sheet.addRow(valuesOf(item, timeZone)).commit();
      rows += 1;
    }
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: rows, column: INVENTORY_EXPORT_COLUMNS.length },
  };
  return finish();
}
