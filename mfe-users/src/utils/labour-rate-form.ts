import {
  addLabourRateSchema,
  LABOUR_RATES_PAGE_SIZE,
  rateHasStarted,
  RATED_ROLES,
  type AddLabourRate,
  type LabourRate,
  type Role,
} from '@caliber/contracts';
import { z } from 'zod';

/** The rates a page shows: the API's default page. */
export const LABOUR_RATE_PAGE_SIZE = LABOUR_RATES_PAGE_SIZE;

/** The list's filters as the address holds them: a role ('' for all) and the page. */
export interface LabourRateFilters {
  role: Role | '';
  page: number;
}

/** The filters in an address's query, anything the screen does not offer read as "all". */
export function labourRateFiltersOf(params: URLSearchParams): LabourRateFilters {
  const role = params.get('role') ?? '';
  const page = Number(params.get('page'));
  return {
    role: (RATED_ROLES as readonly string[]).includes(role) ? (role as Role) : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query of `GET /labour-rates`: the page, its size and the role when one is chosen. */
export function labourRateListQuery(filters: LabourRateFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(LABOUR_RATE_PAGE_SIZE) });
  if (filters.role) params.set('role', filters.role);
  return params.toString();
}

export const RATE_ROLE_CHOICES: { value: Role | ''; label: string }[] = RATED_ROLES.map((role) => ({
  value: role,
  label: role,
}));

/**
 * The rule of a new rate, in one sentence under the form (the contract's: a new rate prices work
 * from its date on and never rewrites what was priced).
 */
export const RATE_RULE =
  'A role’s first rate may start on any day; a later one starts after its latest rate and no earlier than today, so work already priced keeps its price.';

/** A currency's name in the reader's language ("Ghanaian Cedi"), or the code when the runtime has none. */
export function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every ISO 4217 code this browser can write amounts in, as the currency select offers them. */
export function currencyChoices(): { value: string; label: string }[] {
  return Intl.supportedValuesOf('currency').map((code) => ({
    value: code,
    label: `${code} – ${currencyName(code)}`,
  }));
}

/** The day before a calendar date (`YYYY-MM-DD`): a rate's last day is the day before `until`. */
export function dayBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) - 1)).toISOString().slice(0, 10);
}

/** A rate may be withdrawn only before its first day (the hospital's `today`): it priced nothing yet. */
export function mayWithdraw(rate: Pick<LabourRate, 'from'>, today: string): boolean {
  return !rateHasStarted(rate, today);
}

/** The currency form: the code chosen ('' until one is). */
export interface CurrencyDraft {
  currency: string;
}

export const currencyDraftSchema = z.object({
  currency: z.string().min(1, { error: 'Choose a currency.' }),
});

/** The add-a-rate form as typed: every field is text until it is sent. */
export interface RateDraft {
  role: Role | '';
  hourlyRate: string;
  from: string;
}

export const EMPTY_RATE_DRAFT: RateDraft = { role: '', hourlyRate: '', from: '' };

/**
 * A typed amount: digits with at most one decimal point or comma (`185`, `185.50`, `185,5`); NaN
 * for anything else (a grouping comma `1,850.00` or a sign is not guessed at).
 */
export function typedAmount(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return /^(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The request for a draft whose fields are filled (the contract's schema judges the rest). */
export function rateBodyOf(draft: RateDraft): AddLabourRate {
  return { role: draft.role as Role, hourlyRate: typedAmount(draft.hourlyRate), from: draft.from.trim() };
}

/**
 * The add-a-rate form's schema: each empty field says so, then the contract's own refusals (the
 * rate's range and decimals, the date's form) under their fields, as the service would answer
 * them. The rules that need the other rates (after the role's latest, from today on) are the
 * service's: its refusal shows under the field it names, or above the form.
 */
export const rateDraftSchema = z.custom<RateDraft>().superRefine((draft, context) => {
  const empty: [keyof RateDraft, string][] = [];
  if (!draft.role) empty.push(['role', 'Choose a role.']);
  if (!draft.hourlyRate.trim()) empty.push(['hourlyRate', 'Hourly rate is required.']);
  else if (Number.isNaN(typedAmount(draft.hourlyRate)))
    empty.push(['hourlyRate', 'Hourly rate must be a number such as 185 or 185.50.']);
  if (!draft.from.trim()) empty.push(['from', 'From is required.']);
  for (const [field, message] of empty) context.addIssue({ code: 'custom', path: [field], message });
  if (empty.length > 0) return;
  const result = addLabourRateSchema.safeParse(rateBodyOf(draft));
  if (result.success) return;
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (seen.has(field) || !(field in EMPTY_RATE_DRAFT)) continue;
    seen.add(field);
    context.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
});
