import type { QuietHours } from '../config';

/** Minutes after midnight of `at` in `timeZone`, with the seconds past that minute. */
function localClock(at: Date, timeZone: string): { minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: part('hour') * 60 + part('minute'), seconds: part('second') };
}

/** Whether a clock minute falls in the quiet hours (which may wrap past midnight). */
export function inQuietHours(minute: number, quiet: QuietHours): boolean {
  return quiet.from < quiet.to
    ? minute >= quiet.from && minute < quiet.to
    : minute >= quiet.from || minute < quiet.to;
}

/**
 * When a message made at `at` may go: null at once, or the end of the quiet hours it falls in
 * (hospital time). Counted in minutes from `at`, so a change of the clocks in the night moves the
 * end by at most that hour.
 */
export function quietUntil(at: Date, timeZone: string, quiet: QuietHours | null): Date | null {
  if (!quiet) return null;
  const { minutes, seconds } = localClock(at, timeZone);
  if (!inQuietHours(minutes, quiet)) return null;
  const wait = (quiet.to - minutes + 1440) % 1440;
  return new Date(at.getTime() + wait * 60_000 - seconds * 1000 - (at.getTime() % 1000));
}

/** `07:00` for the record's note. */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
