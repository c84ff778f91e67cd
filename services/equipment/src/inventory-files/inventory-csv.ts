import {
  guardedCell,
  INVENTORY_EXPORT_COLUMNS,
  type InventoryExportColumn,
  type InventoryExportDevice,
} from '@caliber/contracts';
import { wallClock } from './inventory-export-cells';

/*
 * The inventory as CSV, as Excel and LibreOffice open it: UTF-8 with a byte-order mark (without one
 * Excel reads UTF-8 as the Windows code page, and "Müller" becomes "MÃ¼ller"), CRLF line ends and
 * RFC 4180 quoting, the export's columns in order. A text cell that a spreadsheet would run as a
 * formula (= + - @ first) is written with a quote in front (`guardedCell`), which an import takes
 * off again. An amount is a plain decimal with its two decimals (48500.00): no grouping and no
 * currency, so any spreadsheet reads it as a number and an import reads it back exactly.
 */

const BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** One device's cells as the CSV writes them: text guarded, dates as written, date-times on the hospital's clock. */
function cellsOf(
  item: InventoryExportDevice,
  timeZone: string,
  columns: readonly InventoryExportColumn[],
): string[] {
  return columns.map(({ kind, value }) => {
    const cell = value(item);
    if (cell === null || cell === '') return '';
    if (typeof cell === 'number') return kind === 'amount' ? cell.toFixed(2) : String(cell);
    if (kind === 'dateTime') {
      const { date, time } = wallClock(cell, timeZone);
      return `${date} ${time}`;
    }
    return quoted(kind === 'text' ? guardedCell(cell) : cell);
  });
}

/** The start of the file: the byte-order mark and the header row. */
export const inventoryCsvHeader = (columns: readonly InventoryExportColumn[] = INVENTORY_EXPORT_COLUMNS) =>
  BYTE_ORDER_MARK + columns.map(({ header }) => quoted(header)).join(',') + LINE_END;

/** Devices as CSV rows, each ended by CRLF. */
export const inventoryCsvRows = (
  items: readonly InventoryExportDevice[],
  timeZone: string,
  columns: readonly InventoryExportColumn[] = INVENTORY_EXPORT_COLUMNS,
) => items.map((item) => cellsOf(item, timeZone, columns).join(',') + LINE_END).join('');

/** A whole CSV file of these devices (with these columns: the export's without costs unless told). */
export const inventoryCsv = (
  items: readonly InventoryExportDevice[],
  timeZone: string,
  columns: readonly InventoryExportColumn[] = INVENTORY_EXPORT_COLUMNS,
) => inventoryCsvHeader(columns) + inventoryCsvRows(items, timeZone, columns);
