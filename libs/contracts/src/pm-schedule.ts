import { isCalendarDate } from './dates';
import type { PmInterval } from './tasks';

/** How far one interval reaches: a number of days, or of calendar months. */
const STEP: Record<PmInterval, { days: number } | { months: number }> = {
  Daily: { days: 1 },
  Weekly: { days: 7 },
  Biweekly: { days: 14 },
  Monthly: { months: 1 },
  Quarterly: { months: 3 },
  Biannually: { months: 6 },
  Annually: { months: 12 },
  'Every 2 Years': { months: 24 },
};

const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  if (!isCalendarDate(date)) throw new RangeError(`${date} is not a calendar date`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [year, month, day];
}

function iso(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * The due date of a PM plan's `n`-th occurrence (0 is the first), counted from the plan's first
 * due date, never from the previous occurrence: a monthly PM first due on 31 January is due on
 * 28 (or 29) February, then on 31 March again, without drifting to the 28th. Dates are
 * `YYYY-MM-DD`, calendar days without time zones.
 */
export function occurrenceDueDate(firstDue: string, interval: PmInterval, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('n must be a whole number from 0');
  const [year, month, day] = parts(firstDue);
  const step = STEP[interval];
  if ('days' in step) return iso(Date.UTC(year, month - 1, day) + n * step.days * DAY_MS);
  const months = month - 1 + n * step.months;
  const targetYear = year + Math.floor(months / 12);
  const targetMonth = months % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return iso(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)));
}

/** The numbers of the occurrences from `from` on that fall due on or before `until`. */
export function occurrencesDueBy(
  firstDue: string,
  interval: PmInterval,
  from: number,
  until: string,
): number[] {
  const due: number[] = [];
  for (let n = from; occurrenceDueDate(firstDue, interval, n) <= until; n += 1) due.push(n);
  return due;
}
