import { INVENTORY_EXPORT_COLUMNS, guardedCell, type EquipmentDto } from '@caliber/contracts';
import { wallClock } from './inventory-export-cells';

/*
 * The inventory as CSV, as Excel and LibreOffice open it: UTF-8 with a byte-order mark (without one
 * Excel reads UTF-8 as the Windows code page, and "Müller" becomes "MÃ¼ller"), CRLF line ends and
 * RFC 4180 quoting, the export's columns in order. A text cell that a spreadsheet would run as a
 * formula (= + - @ first) is written with a quote in front (`guardedCell`), which an import takes
 * off again.
 */

const BYTE_ORDER_MARK = '\uFEFF';
const LINE_END = '\r\n';

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** One device's cells as the CSV writes them: text guarded, dates as written, date-times on the hospital's clock. */
function cellsOf(item: EquipmentDto, timeZone: string): string[] {
  return INVENTORY_EXPORT_COLUMNS.map(({ kind, value }) => {
    const cell = value(item);
    if (cell === null || cell === '') return '';
    if (typeof cell === 'number') return String(cell);
    if (kind === 'dateTime') {
      const { date, time } = wallClock(cell, timeZone);
      return `${date} ${time}`;
    }
    return quoted(kind === 'text' ? guardedCell(cell) : cell);
  });
}

/** The start of the file: the byte-order mark and the header row. */
export const inventoryCsvHeader = () =>
  BYTE_ORDER_MARK + INVENTORY_EXPORT_COLUMNS.map(({ header }) => quoted(header)).join(',') + LINE_END;

/** Devices as CSV rows, each ended by CRLF. */
export const inventoryCsvRows = (items: readonly EquipmentDto[], timeZone: string) =>
  items.map((item) => cellsOf(item, timeZone).join(',') + LINE_END).join('');

/** A whole CSV file of these devices. */
export const inventoryCsv = (items: readonly EquipmentDto[], timeZone: string) =>
  inventoryCsvHeader() + inventoryCsvRows(items, timeZone);
