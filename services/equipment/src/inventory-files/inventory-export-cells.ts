const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Days whose offset is remembered, per zone; past it the memory starts again (an export spans a few thousand). */
const DAYS_KEPT = 20_000;

/**
 * A time zone's clock. Asking Intl for every date-time of a large export is slow (about 8 µs each,
 * three per device), so the zone's offset from UTC is asked once per UTC day: at its first and
 * last minute. When the two agree (every day but the two a year when the clocks change) the whole
 * day has that offset; otherwise the moment itself is asked.
 */
class ZoneClock {
  private readonly format: Intl.DateTimeFormat;
  /** Each UTC day's offset in ms, or null when it changes that day. */
  private readonly days = new Map<number, number | null>();

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
  }

  /** The zone's offset from UTC at a moment, in ms (offsets are whole minutes). */
  private offsetAt(ms: number): number {
    const part = Object.fromEntries(
      this.format.formatToParts(new Date(ms)).map(({ type, value }) => [type, Number(value)]),
    );
    const wall = Date.UTC(
      part['year'] ?? 0,
      (part['month'] ?? 1) - 1,
      part['day'] ?? 1,
      part['hour'] ?? 0,
      part['minute'] ?? 0,
    );
    return wall - (ms - (((ms % MINUTE) + MINUTE) % MINUTE));
  }

  private offsetOn(ms: number): number {
    const day = Math.floor(ms / DAY);
    let offset = this.days.get(day);
    if (offset === undefined) {
      if (this.days.size >= DAYS_KEPT) this.days.clear();
      const first = this.offsetAt(day * DAY);
      offset = first === this.offsetAt((day + 1) * DAY - MINUTE) ? first : null;
      this.days.set(day, offset);
    }
    return offset ?? this.offsetAt(ms);
  }

  /** A moment's date and time to the minute on this clock. */
  wall(iso: string): { date: string; time: string } {
    const ms = Date.parse(iso);
    const local = new Date(ms + this.offsetOn(ms)).toISOString();
    return { date: local.slice(0, 10), time: local.slice(11, 16) };
  }
}

const clocks = new Map<string, ZoneClock>();

/**
 * A moment (ISO 8601) as the hospital's wall clock shows it: its date and its time to the minute.
 * An export is read by people at the hospital, so "Added" and "Last Updated" say the time they
 * saw, not UTC.
 */
export function wallClock(iso: string, timeZone: string): { date: string; time: string } {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new ZoneClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock.wall(iso);
}

/** Today's date in the hospital's zone, for an export's file name. */
export const hospitalToday = (timeZone: string, at = new Date()) =>
  wallClock(at.toISOString(), timeZone).date;
