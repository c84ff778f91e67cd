/**
 * A moment to the minute in `timeZone`, in the browser's language (`locale` in tests), its year
 * said only when it is not this year's there.
 */
export function shortMoment(iso: string, timeZone: string, now = new Date(), locale?: string): string {
  const moment = new Date(iso);
  const year = (date: Date) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(date);
  return moment.toLocaleString(locale, {
    month: 'short',
    day: 'numeric',
    ...(year(moment) === year(now) ? {} : { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
}
