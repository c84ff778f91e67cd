import { z } from 'zod';

/*
 * Calendar dates (`YYYY-MM-DD`), one definition for every field of every contract that holds one.
 *
 * A date must exist (no 2025-02-30) and fall within the years a hospital record can mean:
 * 1900 to 2199. The bound is not cosmetic: PostgreSQL has no year 0 (`0000-01-01` is 1 BC in ISO
 * 8601, which JavaScript's Date accepts and the database refuses), and a typed 0202 or 20255 is a
 * mistake to show the person, not a row to store or a query to fail on. Every date schema carries
 * `format: date` in its JSON Schema, so the OpenAPI document says so and the hostile-input suite
 * finds each date field and sends it year 0000.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The first and last day a date field accepts. */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2199-12-31';

/** A calendar date `YYYY-MM-DD` that exists (no 2025-02-30), whatever its year. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar date a record can hold: it exists and lies from `EARLIEST_DATE` to `LATEST_DATE`. */
export function isRecordDate(value: string): boolean {
  return isCalendarDate(value) && value >= EARLIEST_DATE && value <= LATEST_DATE;
}

/** A calendar date PostgreSQL can hold: any year but 0 (a stored value, read back as a position). */
export function isStorableDate(value: string): boolean {
  return isCalendarDate(value) && !value.startsWith('0000');
}

/**
 * How a date field reads: the example in its message, and the range it accepts when narrower than
 * a record's (a PM plan's dates lie within this century).
 */
export interface DateFieldOptions {
  example?: string;
  from?: string;
  to?: string;
}

/** What a person reads about a date field that is not a date it accepts. */
export function dateMessage(label: string, value: string, options: DateFieldOptions = {}): string {
  const { example = '2024-03-31', from = EARLIEST_DATE, to = LATEST_DATE } = options;
  return isCalendarDate(value)
    ? `${label} must be between ${from} and ${to}.`
    : `${label} must be a date such as ${example}.`;
}

/** Marks a schema as a calendar date in its JSON Schema (`format: date`). */
const DATE_META = { format: 'date' } as const;

/** Whether `value` is a date the field accepts ('' too, where `empty`). */
const accepts = (value: string, options: DateFieldOptions, empty: boolean) =>
  (empty && value === '') ||
  (isRecordDate(value) && value >= (options.from ?? EARLIEST_DATE) && value <= (options.to ?? LATEST_DATE));

/** The check of a present, trimmed value; the message names the field. */
const checkedDate = (schema: z.ZodString, label: string, options: DateFieldOptions, empty = false) =>
  schema.check((context) => {
    if (!accepts(context.value, options, empty))
      context.issues.push({
        code: 'custom',
        input: context.value,
        message: dateMessage(label, context.value, options),
      });
  });

/** A required date. */
export const dateField = (label: string, options: DateFieldOptions = {}) =>
  checkedDate(
    z
      .string({ error: `${label} is required.` })
      .trim()
      .min(1, { error: `${label} is required.`, abort: true }),
    label,
    options,
  ).meta(DATE_META);

/** An optional date: '' and null read as "none" (null). */
export const optionalDateField = (label: string, options: DateFieldOptions = {}) =>
  checkedDate(
    z.string({ error: `${label} must be a date such as ${options.example ?? '2024-03-31'}.` }).trim(),
    label,
    options,
    true,
  )
    .meta(DATE_META)
    .nullish()
    .transform((value) => value || null);

/** A date query parameter: '' (the default) means none. */
export const dateParam = (label: string, options: DateFieldOptions = {}) =>
  checkedDate(z.string().trim(), label, options, true).default('').meta(DATE_META);

/** `date` (YYYY-MM-DD) plus whole `years`; 29 February gives 28 February in a common year. */
export function addYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return new Date(Date.UTC(year + years, month - 1, Math.min(day, last))).toISOString().slice(0, 10);
}

/** The date `days` after (or before, when negative) a calendar date (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
