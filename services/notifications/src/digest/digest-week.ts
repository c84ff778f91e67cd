/** The days of `DIGEST_AT`, ISO-numbered (Monday 1 … Sunday 7). */
export const DIGEST_WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

/** When in the week the digest goes: an ISO weekday and minutes after midnight, hospital time. */
export interface DigestAt {
  weekday: number;
  minutes: number;
}

const DIGEST_AT = /^(MON|TUE|WED|THU|FRI|SAT|SUN) ([01]\d|2[0-3]):([0-5]\d)$/;

/** `MON 07:00` read, or null when it is not a weekday and a 24-hour time. */
export function parseDigestAt(value: string): DigestAt | null {
  const match = DIGEST_AT.exec(value.trim().toUpperCase());
  if (!match) return null;
  const [, day, hours, minutes] = match;
  return {
    weekday: DIGEST_WEEKDAYS.indexOf(day as (typeof DIGEST_WEEKDAYS)[number]) + 1,
    minutes: Number(hours) * 60 + Number(minutes),
  };
}

/** One week's digest: its key, its days on the hospital's calendar, and when it is due. */
export interface DigestWeek {
  /** The ISO week as yyyyww (202649): with the person and the kind, a digest's unique key. */
  key: number;
  /** Its Monday and Sunday, `YYYY-MM-DD` on the hospital's calendar. */
  from: string;
  to: string;
  /** The instant `DIGEST_AT` of this week falls on in the hospital's zone. */
  dueAt: Date;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(at: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's wall clock is ahead of UTC at `at` (milliseconds). */
function offsetAt(at: Date, timeZone: string): number {
  const wall = wallClock(at, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time of a calendar day is in the zone. Checked a second time at the
 * answer, so a day the clocks change on is read with the offset in force at that time (a time
 * the clocks skip reads as the hour after).
 */
function instantOf(date: Date, minutes: number, timeZone: string): Date {
  const guess = date.getTime() + minutes * 60_000;
  const first = guess - offsetAt(new Date(guess), timeZone);
  return new Date(guess - offsetAt(new Date(first), timeZone));
}

const DAY = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The digest's week at `now`: the ISO week (Monday to Sunday) of the hospital's calendar date,
 * numbered by the year of its Thursday as ISO 8601 does (so 2026-12-28 … 2027-01-03 is 202653),
 * and `DIGEST_AT` of that week as an instant. Two replicas, or a restart, agree on both.
 */
export function digestWeek(now: Date, timeZone: string, at: DigestAt): DigestWeek {
  const wall = wallClock(now, timeZone);
  const today = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  const weekday = ((today.getUTCDay() + 6) % 7) + 1;
  const monday = new Date(today.getTime() - (weekday - 1) * DAY);
  const thursday = new Date(monday.getTime() + 3 * DAY);
  const isoYear = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(isoYear, 0, 1)) / (7 * DAY));
  return {
    key: isoYear * 100 + week,
    from: isoDate(monday),
    to: isoDate(new Date(monday.getTime() + 6 * DAY)),
    dueAt: instantOf(new Date(monday.getTime() + (at.weekday - 1) * DAY), at.minutes, timeZone),
  };
}
