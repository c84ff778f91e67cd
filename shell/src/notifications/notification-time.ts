import { dateTimeFormat } from '@caliber/contracts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The calendar day of `at` in `timeZone`, `YYYY-MM-DD` (en-CA writes dates so). */
function dayIn(at: Date, timeZone: string): string {
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The calendar day before `day` (`YYYY-MM-DD`), whatever the zone's clock changes. */
function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The reader's locale, as the browser says it (the other screens' dates follow it too). */
function readersLocale(): string {
  return Intl.DateTimeFormat().resolvedOptions().locale;
}

/**
 * When a notification came, as a person glances at a list: "Just now", "5 min ago", "3 h ago"
 * within the day, then "Yesterday, 14:02", a date and time this year, a date before. Days and
 * clock times are the hospital's (`timeZone`), the zone the rest of Caliber files days in, so
 * "Yesterday" on a tablet in the ward means the ward's yesterday. A time ahead of `now` (a clock
 * a little fast) reads as "Just now".
 */
export function notificationTime(
  at: string,
  now: Date,
  timeZone: string,
  locale: string = readersLocale(),
): string {
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return '';
  const elapsed = now.getTime() - when.getTime();
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)} min ago`;
  const day = dayIn(when, timeZone);
  const today = dayIn(now, timeZone);
  if (day === today) return `${Math.floor(elapsed / HOUR_MS)} h ago`;
  const clock = dateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(when);
  if (day === dayBefore(today)) return `Yesterday, ${clock}`;
  if (day.slice(0, 4) === today.slice(0, 4))
    return `${dateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short' }).format(when)}, ${clock}`;
  return dateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(when);
}

/** The full date and time, for the row's tooltip and for a screen reader that asks. */
export function notificationFullTime(at: string, timeZone: string, locale: string = readersLocale()): string {
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return '';
  return dateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(when);
}
