const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date formatter for a locale and options (a time zone among them), made once and kept. Making
 * one is slow and holds ICU memory outside the JavaScript heap until it is collected: made per
 * call, a report dating each row of a long table grew its worker by megabytes a page. The kinds
 * in use are few (a handful of option sets times the hospital's zone), so the map stays small.
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
