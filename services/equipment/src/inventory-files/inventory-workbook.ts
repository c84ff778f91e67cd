import {
  inventoryExportColumns,
  type InventoryExportColumn,
  type InventoryExportDevice,
  type InventoryExportKind,
} from '@caliber/contracts';
import { writeWorkbook } from '@caliber/file-kit/worker';
import { wallClock } from './inventory-export-cells';

/*
 * The inventory as an XLSX workbook, written row by row with exceljs's streaming writer as the
 * pages of the export arrive, in a file worker thread. No cell is ever a formula: every text is a
 * string cell (a string cell is never run, whatever it starts with), formatted as text ('@') with
 * its whole column, so a cell edited in Excel stays text (a serial number 0042 keeps its zeros).
 * Dates are date cells, date-times dates with their time on the hospital's clock, the EM number and
 * the expected life numbers, an amount a number shown with its two decimals and thousands grouped
 * (the cell holds the number itself, which an import reads back exactly).
 */

const NUMBER_FORMATS: Record<InventoryExportKind, string> = {
  text: '@',
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
  number: '0',
  amount: '#,##0.00',
};

const KIND_WIDTHS: Record<InventoryExportKind, number> = {
  text: 18,
  date: 12,
  dateTime: 17,
  number: 10,
  amount: 16,
};
/** Columns whose texts are longer than most: a device's name, its UDI, its id. */
const WIDTHS: Readonly<Record<string, number>> = { Name: 32, UDI: 44, 'Equipment ID': 38 };

/** A column's width in characters: room for its header and for the values it usually holds. */
const widthOf = ({ header, kind }: InventoryExportColumn) =>
  Math.max(WIDTHS[header] ?? KIND_WIDTHS[kind], header.length + 4);

/** A date (`YYYY-MM-DD`) as exceljs writes a date cell: midnight UTC is the day itself. */
const dateCell = (date: string) => new Date(`${date}T00:00:00Z`);

/** One device's cells: strings, dates and numbers only. */
function valuesOf(
  item: InventoryExportDevice,
  timeZone: string,
  columns: readonly InventoryExportColumn[],
): (string | number | Date | null)[] {
  return columns.map(({ kind, value }) => {
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
  /** Whether the person reads costs: the acquisition figures' columns then, each device's from its page. */
  costs?: boolean;
}

/**
 * The devices of `pages`, as they arrive, as an XLSX workbook: one sheet "Inventory", the export's
 * columns in order under a frozen, bold header row with an autofilter.
 */
export async function writeInventoryWorkbook(
  { timeZone, costs = false }: InventoryWorkbookInput,
  pages: AsyncIterable<readonly InventoryExportDevice[]>,
): Promise<Buffer> {
  const columns = inventoryExportColumns(costs);
  const { sheet, finish } = writeWorkbook(
    'Inventory',
    columns.map((column) => ({
      header: column.header,
      width: widthOf(column),
      style: { numFmt: NUMBER_FORMATS[column.kind] },
    })),
  );
  let rows = 1;
  for await (const page of pages)
    for (const item of page) {
      sheet.addRow(valuesOf(item, timeZone, columns)).commit();
      rows += 1;
    }
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: rows, column: columns.length },
  };
  return finish();
}
