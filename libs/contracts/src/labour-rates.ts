import { z } from 'zod';
import { dateField } from './dates';
import { limitParam, pageFields, pageParam } from './paging';
import { COST_READER_ROLES, roleIs, STAFF_ROLES, type Role } from './roles';

/*
 * What an hour of work costs the hospital, by role: the loaded hourly rate (pay, on-costs and
 * overheads) an Admin keeps, each rate applying from its date until the role's next one. A task's
 * labour is priced at the rate in force on the day the work was done, so a new rate prices work
 * from its date on and never rewrites the past:
 *
 * - A role's **first** rate may start on any date: work before it had no price, and now has one.
 * - A **later** rate starts after the role's latest one and no earlier than today (the hospital's
 *   date): what was already priced stays priced as it was.
 * - A rate may be **withdrawn** only before its first day (nothing was priced by it). One that has
 *   started is corrected by adding the right one from today; the audit trail keeps both.
 *
 * Every amount of the hospital (rates, part costs, acquisition costs) is in one currency, which an
 * Admin sets before the first rate is added. Costs are for those who oversee the work: Engineers,
 * Managers and Admins read the rates; Technicians do not.
 */

/** The roles whose hours are priced: the biomedical department's own staff. */
export const RATED_ROLES = STAFF_ROLES;
/** The highest hourly rate taken: beyond it a rate is a slip of the keyboard (a misplaced point). */
export const MAX_HOURLY_RATE = 100_000;
/** Rates one role may hold in all: a century of yearly changes, and every answer stays small. */
export const MAX_RATES_PER_ROLE = 100;
/** How far ahead a rate may start: a year and a day (next year's budget). */
export const MAX_RATE_DAYS_AHEAD = 366;

/** ISO 4217 codes this runtime knows (Intl), so that every amount can be written in the currency. */
const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export const currencySchema = z
  .string({ error: 'currency is required.' })
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => /^[A-Z]{3}$/.test(code) && CURRENCIES.has(code), {
    error: 'currency must be an ISO 4217 code such as GHS, USD or EUR.',
  });

export const costSettingsSchema = z
  .object({
    currency: z
      .string()
      .nullable()
      .describe('The ISO 4217 code every amount of the hospital is in; null until an Admin sets it.'),
  })
  .meta({ id: 'CostSettings', examples: [{ currency: 'GHS' }] });
export type CostSettings = z.output<typeof costSettingsSchema>;

export const setCostSettingsSchema = z.strictObject(
  { currency: currencySchema },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only currency may be sent.' : undefined) },
);
export type SetCostSettings = z.output<typeof setCostSettingsSchema>;

const rateExample = {
  id: '7c1e2d3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  role: 'Engineer',
  hourlyRate: 185,
  from: '2026-01-01',
  until: null,
  addedByLabel: 'BME-1001',
  addedAt: '2025-12-15T09:12:00.000Z',
} as const;

export const labourRateSchema = z
  .object({
    id: z.string(),
    role: z.enum(STAFF_ROLES as [Role, ...Role[]]),
    hourlyRate: z.number().describe('The loaded cost of one hour, in the hospital currency.'),
    from: z.string().describe('The first day the rate applies (YYYY-MM-DD, the hospital’s date).'),
    until: z
      .string()
      .nullable()
      .describe(
        'The day the role’s next rate starts (the last day of this one is the day before); null for the latest.',
      ),
    addedByLabel: z.string().describe('The service number of the Admin who added it.'),
    addedAt: z.string(),
  })
  .meta({ id: 'LabourRate', examples: [rateExample] });
export type LabourRate = z.output<typeof labourRateSchema>;

export const labourRatePageSchema = z
  .object({
    currency: z.string().nullable().describe('The hospital currency, null until an Admin sets it.'),
    inForce: z
      .array(labourRateSchema)
      .describe('The rate of each role in force today (roles without one are left out).'),
    rows: z.array(labourRateSchema).describe('A page of the rates, by role, newest first within a role.'),
    ...pageFields,
  })
  .meta({
    id: 'LabourRatePage',
    examples: [
      {
        currency: 'GHS',
        inForce: [rateExample],
        rows: [rateExample],
        total: 1,
        page: 1,
        pages: 1,
        limit: 50,
      },
    ],
  });
export type LabourRatePage = z.output<typeof labourRatePageSchema>;

const roleField = z.enum(STAFF_ROLES as [Role, ...Role[]], {
  error: `role must be one of ${STAFF_ROLES.join(', ')}.`,
});

/** Rates a page of the list holds unless asked otherwise. */
export const LABOUR_RATES_PAGE_SIZE = 50;

export const labourRateQuerySchema = z.strictObject({
  role: roleField.optional(),
  page: pageParam(),
  limit: limitParam(LABOUR_RATES_PAGE_SIZE, 100),
});
export type LabourRateQuery = z.output<typeof labourRateQuerySchema>;

export const addLabourRateSchema = z.strictObject(
  {
    role: roleField,
    hourlyRate: z
      .number({ error: 'hourlyRate must be a number.' })
      .min(0.01, { error: 'hourlyRate must be at least 0.01.' })
      .max(MAX_HOURLY_RATE, { error: `hourlyRate must be at most ${MAX_HOURLY_RATE.toLocaleString('en')}.` })
      .multipleOf(0.01, { error: 'hourlyRate may have at most two decimals.' }),
    from: dateField('from', { example: '2027-01-01' }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Only role, hourlyRate and from may be sent.' : undefined,
  },
);
export type AddLabourRate = z.output<typeof addLabourRateSchema>;

/** Whether a person of this role may read costs (rates, and the costs of work): not Technicians nor clinical staff. */
export function readsCosts(role: string | null | undefined): boolean {
  return COST_READER_ROLES.some((reader) => roleIs(role, reader));
}

/**
 * The rate of `role` in force on `date` (YYYY-MM-DD): the one with the latest start on or before
 * it, or null when the role had no rate yet. `rates` may be in any order and hold other roles.
 */
export function rateInForce<T extends { role: string; from: string }>(
  rates: readonly T[],
  role: string,
  date: string,
): T | null {
  let found: T | null = null;
  for (const rate of rates)
    if (rate.role === role && rate.from <= date && (found === null || rate.from > found.from)) found = rate;
  return found;
}

/**
 * Whether a rate has started on `today` (the hospital's date): from then on work is priced at it,
 * so it may no longer be withdrawn.
 */
export function rateHasStarted(rate: { from: string }, today: string): boolean {
  return rate.from <= today;
}
