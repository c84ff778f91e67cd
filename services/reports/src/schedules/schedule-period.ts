import type { ReportScheduleFrequency } from '@caliber/contracts';

const iso = (date: Date) => date.toISOString().slice(0, 10);
const day = (value: string) => new Date(`${value}T00:00:00Z`);

/**
 * The period a scheduled report covers when it runs on `today` (the hospital's date): the whole
 * calendar week (Monday to Sunday), month or quarter before the one `today` falls in. A report that
 * runs late (a worker was down) still covers the same finished period.
 */
export function previousPeriod(
  frequency: ReportScheduleFrequency,
  today: string,
): { from: string; to: string } {
  const date = day(today);
  if (frequency === 'weekly') {
    const monday = new Date(date);
    monday.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
    const from = new Date(monday);
    from.setUTCDate(monday.getUTCDate() - 7);
    const to = new Date(monday);
    to.setUTCDate(monday.getUTCDate() - 1);
    return { from: iso(from), to: iso(to) };
  }
  const months = frequency === 'monthly' ? 1 : 3;
  const startMonth = date.getUTCMonth() - (date.getUTCMonth() % months);
  const from = new Date(Date.UTC(date.getUTCFullYear(), startMonth - months, 1));
  const to = new Date(Date.UTC(date.getUTCFullYear(), startMonth, 0));
  return { from: iso(from), to: iso(to) };
}
