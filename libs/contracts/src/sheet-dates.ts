import { isCalendarDate } from './dates';

/*
 * Dates as spreadsheet cells hold them, read as text by an inventory import (installation and
 * warranty dates). A CSV holds whatever the exporting program wrote; an XLSX reader gives a date
 * cell as ISO text, or as Excel's day number when it did not know the cell was a date.
 *
 * Forms read (any case; a time after the date is dropped):
 * - year first: `2021-03-04`, `2021/03/04`, `2021.03.04`, and ISO date-times such as
 *   `2021-03-04T00:00:00.000Z` (the date part as written). Year first is never day-month-ambiguous;
 * - day and month in numbers: `04/03/2021`, `4/3/2021`, `04-03-2021`, `04.03.2021`, `04/03/21`, in
 *   the order the column implies (`dateOrderOf`), since `04/03/2021` alone is 4 March in Europe and
 *   April 3 in the United States;
 * - the month by name (English, full or three letters, `Sept` too): `4 Mar 2021`, `04-Mar-2021`,
 *   `4-Mar-21`, `4 March 2021`, `March 4, 2021`, `Mar 4 2021`;
 * - Excel day numbers of five digits (see `excelSerialDate`).
 *
 * A result is always a date that exists. Its year is not judged here: the caller checks it
 * against what a record may hold, and says so in its own words.
 */

/** Which comes first in a date written in numbers only: the day or the month. */
export type DateOrder = 'DMY' | 'MDY';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A time of day after a date, dropped: `T00:00:00.000Z`, ` 14:30`, ` 2:30 PM`, `T10:00+01:00`. */
const TIME = String.raw`(?:(?:T|\s+)\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AP]M)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?`;

const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME}$`, 'i');
const NUMBERS = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})${TIME}$`, 'i');
const DAY_NAME = new RegExp(
  String.raw`^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]+([a-z]+)[\s\-/.,]+(\d{4}|\d{2})${TIME}$`,
  'i',
);
const NAME_DAY = new RegExp(
  String.raw`^([a-z]+)[\s\-/.,]+(\d{1,2})(?:st|nd|rd|th)?[\s\-/.,]+(\d{4}|\d{2})${TIME}$`,
  'i',
);
/** No date form is longer (`September 30th, 2021 12:00:00.000 PM+01:00` is 45); longer is not read. */
const LONGEST_DATE = 64;
/** A day number of five digits, with or without a fraction of a day. */
const SERIAL = /^([1-9]\d{4})(?:\.\d+)?$/;

/** The number of a month named in English, in full or by its first three letters. */
function monthOf(name: string): number | null {
  const lower = name.toLowerCase();
  if (lower === 'sept') return 9;
  const index = MONTHS.findIndex(
    (month) => month === lower || (lower.length === 3 && month.startsWith(lower)),
  );
  return index < 0 ? null : index + 1;
}

/**
 * A year written with two or four digits. Two digits 00–69 are 2000–2069 and 70–99 are 1970–1999
 * (as POSIX and most spreadsheet readers read them): a warranty ending in 2031 written `31` stays
 * in this century. Excel typed in by hand pivots at 29 instead, which would put it in 1931.
 */
function yearOf(digits: string): number {
  if (digits.length === 4) return Number(digits);
  const yy = Number(digits);
  return yy < 70 ? 2000 + yy : 1900 + yy;
}

/** `YYYY-MM-DD` when year, month and day make a date that exists, else null. */
function calendarDate(year: number, month: number, day: number): string | null {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isCalendarDate(text) ? text : null;
}

/** The first Excel day number and the last (9999-12-31). */
const EXCEL_FIRST_SERIAL = 1;
const EXCEL_LAST_SERIAL = 2_958_465;
const DAY_MS = 86_400_000;

/**
 * The date of an Excel day number in its 1900 system: 1 is 1900-01-01. Excel counts a
 * 1900-02-29 that never was (Lotus 1-2-3's leap-year mistake, kept for compatibility), numbered 60,
 * so 60 is no date and from 61 (1900-03-01) on each number is one more than the days since
 * 1899-12-31. A fraction (the time of day) is dropped.
 */
export function excelSerialDate(serial: number): string | null {
  const whole = Math.floor(serial);
  if (!Number.isFinite(whole) || whole < EXCEL_FIRST_SERIAL || whole > EXCEL_LAST_SERIAL || whole === 60) {
    return null;
  }
  const days = whole < 60 ? whole : whole - 1;
  return new Date(Date.UTC(1899, 11, 31) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The date a day-and-month text in numbers means in `order`, or null. */
function numbersDate(match: RegExpExecArray, order: DateOrder): string | null {
  const first = Number(match[1]);
  const second = Number(match[3]);
  const year = yearOf(match[4] ?? '');
  return order === 'DMY' ? calendarDate(year, second, first) : calendarDate(year, first, second);
}

/**
 * The order a column of texts implies: 'DMY' if some date only reads day first (`13/02/2021`),
 * 'MDY' if some only reads month first (`02/13/2021`), null if none decides (every one reads both
 * ways, or is not written in numbers), 'conflict' if both occur.
 */
export function dateOrderOf(texts: Iterable<string>): DateOrder | null | 'conflict' {
  let dayFirst = false;
  let monthFirst = false;
  for (const text of texts) {
    const match = NUMBERS.exec(text.trim());
    if (!match) continue;
    const asDmy = numbersDate(match, 'DMY') !== null;
    const asMdy = numbersDate(match, 'MDY') !== null;
    if (asDmy && !asMdy) dayFirst = true;
    if (asMdy && !asDmy) monthFirst = true;
    if (dayFirst && monthFirst) return 'conflict';
  }
  if (dayFirst) return 'DMY';
  return monthFirst ? 'MDY' : null;
}

/**
 * A cell's text as `YYYY-MM-DD`, or null when it is not a date. `order` says how to read a date
 * written in numbers with the year last. A day number is read only when it has five digits
 * (1927-05-18 to 2173-10-13): a four-digit number in a date column is far likelier a year, as in
 * `2021`, than a day of 1902–1927, and is no date.
 */
export function readSheetDate(text: string, order: DateOrder): string | null {
  const trimmed = text.trim();
  if (trimmed.length > LONGEST_DATE) return null;
  let match = YEAR_FIRST.exec(trimmed);
  if (match) return calendarDate(Number(match[1]), Number(match[3]), Number(match[4]));
  match = NUMBERS.exec(trimmed);
  if (match) return numbersDate(match, order);
  match = DAY_NAME.exec(trimmed);
  if (match) {
    const month = monthOf(match[2] ?? '');
    return month === null ? null : calendarDate(yearOf(match[3] ?? ''), month, Number(match[1]));
  }
  match = NAME_DAY.exec(trimmed);
  if (match) {
    const month = monthOf(match[1] ?? '');
    return month === null ? null : calendarDate(yearOf(match[3] ?? ''), month, Number(match[2]));
  }
  match = SERIAL.exec(trimmed);
  return match ? excelSerialDate(Number(match[1])) : null;
}
