import { calendarDateIn } from '@caliber/contracts';

/**
 * The hospital's calendar: a PM is overdue, and an occurrence falls due, by the date on the
 * hospital's wall, not the server's. The zone is `HOSPITAL_TIME_ZONE` (checked when the service
 * starts, see config.ts); every "today" of this service comes from here and is passed to SQL as a
 * parameter, so the database's own zone never matters.
 */
export function hospitalToday(at: Date = new Date()): string {
  return calendarDateIn(process.env['HOSPITAL_TIME_ZONE'] || 'UTC', at);
}

/** The date `days` after (or before) a calendar date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
