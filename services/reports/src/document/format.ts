import { dateTimeFormat } from '@caliber/contracts';
import type { Cell, ColumnType, ReportDocument, TableColumn } from './report-document';

/** What a writer shows for a value nobody knows: a dash, never 0. */
export const NULL_TEXT = '—';

/** What the three writers need beyond the document. */
export interface WriteOptions {
  /**
   * The IANA time zone dates and times are shown in (the hospital's). The document carries instants
   * (`generatedAt`, `datetime` cells) but not the zone they should be read in; UTC when absent.
   */
  timeZone?: string;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` day as the UTC midnight that starts it, or null when it is not such a day. */
export function parseCalendarDate(value: string): Date | null {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 February over into March: such a day is not a date.
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** An ISO timestamp as an instant, or null when it is not one. */
export function parseTimestamp(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-03-05` → "5 March 2026"; anything else is returned as it came. */
export function formatCalendarDate(value: string): string {
  const date = parseCalendarDate(value);
  return date ? dayFormat.format(date) : value;
}

/** The period as "1 January 2026 – 31 March 2026" (one day when both ends are the same day). */
export function formatPeriod(period: ReportDocument['period']): string {
  const from = formatCalendarDate(period.from);
  return period.from === period.to ? from : `${from} – ${formatCalendarDate(period.to)}`;
}

function instantFormat(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
}

/** An instant as "5 March 2026, 14:30" in the zone, followed by the zone's name when `withZone`. */
export function formatInstant(at: Date, timeZone = 'UTC', withZone = false): string {
  const parts = instantFormat(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
  return withZone ? `${text} (${timeZone})` : text;
}

/** Per zone: `dateTimeFormat` keys its map by the options as JSON, costly once per dated cell. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = wallClockFormatOf(timeZone);
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

function wallClockFormatOf(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
}

/**
 * The wall-clock time an instant shows in a zone, as a Date whose UTC fields carry it: spreadsheets
 * have no time zones, so a `datetime` cell is written as the time the hospital's clocks showed.
 */
export function wallClock(at: Date, timeZone = 'UTC'): Date {
  if (timeZone === 'UTC') return at;
  const time = at.getTime();
  if (Number.isNaN(time)) return exactWallClock(at, timeZone);
  // Asking Intl for every dated cell of a long table was a tenth of the XLSX's time. A zone's
  // offset (whole seconds, tzdb's) changes only at a transition: when it is the same at both ends
  // of the quarter hour an instant falls in, it holds for the instant too.
  const start = Math.floor(time / OFFSET_SLOT_MS) * OFFSET_SLOT_MS;
  const offset = offsetAt(start, timeZone);
  return offset === offsetAt(start + OFFSET_SLOT_MS, timeZone)
    ? new Date(time + offset)
    : exactWallClock(at, timeZone);
}

const OFFSET_SLOT_MS = 15 * 60_000;
/** Offsets known, by zone and quarter hour; let go past a year of quarter hours in all. */
const offsets = new Map<string, number>();
const MAX_OFFSETS = 35_040;

function offsetAt(time: number, timeZone: string): number {
  const key = `${timeZone}|${time}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = exactWallClock(new Date(time), timeZone).getTime() - time;
    if (offsets.size >= MAX_OFFSETS) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

function exactWallClock(at: Date, timeZone: string): Date {
  const parts = wallClockFormat(timeZone).formatToParts(at);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(
    Date.UTC(
      field('year'),
      field('month') - 1,
      field('day'),
      field('hour'),
      field('minute'),
      field('second'),
      at.getUTCMilliseconds(),
    ),
  );
}

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const oneDecimalFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const plainFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A number with thousands separators and at most two decimals ("1,234", "374.5"), as labels write it. */
export function formatNumber(value: number): string {
  return plainFormat.format(value);
}

/** A number written as its column's type says: "1,234", "12.50", "87.3%", "USD 1,234.50", "12.5". */
function formatNumberAs(value: number, type: ColumnType, currency: string | undefined): string {
  switch (type) {
    case 'integer':
      return integerFormat.format(value);
    case 'decimal':
      return decimalFormat.format(value);
    case 'percent':
      return `${oneDecimalFormat.format(value * 100)}%`;
    case 'hours':
      return oneDecimalFormat.format(value);
    case 'currency':
      return currency ? `${currency} ${decimalFormat.format(value)}` : decimalFormat.format(value);
    default:
      return plainFormat.format(value);
  }
}

/**
 * A cell as the PDF and DOCX print it: null as "—", numbers in their column's format, days as
 * "5 March 2026", timestamps as "5 March 2026, 14:30" in the hospital's zone. Text that does not
 * parse as its column's type is shown as it came rather than hidden.
 */
export function formatCell(
  cell: Cell,
  column: Pick<TableColumn, 'type'>,
  currency?: string,
  timeZone = 'UTC',
): string {
  if (cell === null) return NULL_TEXT;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return NULL_TEXT;
    return formatNumberAs(cell, column.type, currency);
  }
  if (column.type === 'date') return formatCalendarDate(cell);
  if (column.type === 'datetime') {
    const at = parseTimestamp(cell);
    return at ? formatInstant(at, timeZone) : cell;
  }
  return cell;
}

/** Whether a column's values are numbers, which every writer aligns right. */
export function isNumericColumn(type: ColumnType): boolean {
  return (
    type === 'integer' || type === 'decimal' || type === 'percent' || type === 'currency' || type === 'hours'
  );
}

/** A series' name as legends and chart data tables show it: forecasts say so. */
export function seriesLabel(series: { name: string; forecast?: boolean }): string {
  if (!series.forecast || /\(forecast\)\s*$/i.test(series.name)) return series.name;
  return `${series.name} (forecast)`;
}

/**
 * How wide each column is relative to the others, in characters: the width hint when there is
 * one, else what the header's longest word and the sampled cells need, capped per type so one
 * long comment does not squeeze every other column.
 */
export function columnWeights(
  columns: readonly TableColumn[],
  sample: readonly (readonly string[])[],
): number[] {
  return columns.map((column, index) => {
    if (column.width !== undefined && column.width > 0) return column.width;
    const longestWord = Math.max(0, ...column.header.split(/\s+/).map((word) => word.length));
    const longestCell = Math.max(0, ...sample.map((row) => row[index]?.length ?? 0));
    const cap = column.type === 'text' ? 40 : 22;
    return Math.min(cap, Math.max(longestWord + 1, longestCell, 6));
  });
}
