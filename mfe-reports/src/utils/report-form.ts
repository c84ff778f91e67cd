import {
  DEFAULT_REPORT_DEFAULTS,
  DEFAULT_REPORT_DEPARTMENTS,
  DEFAULT_REPORT_SCHEDULE_FREQUENCY,
  byName,
  generateReportSchema,
  ListIndex,
  OTHER_CATEGORY,
  REPORT_MESSAGES,
  type ListEntryDto,
  type GenerateReportRequest,
  type ReportDefaults,
  type ReportFormat,
  type ReportScheduleFrequency,
  type ReportType,
} from '@caliber/contracts';
import { z } from 'zod';

/**
 * The Generate Report dialog's form: what it holds, where it starts, the request it sends and the
 * three rules it checks before sending. No DOM and no React here, so it is tested under Node.
 */
export interface ReportFormState {
  reports: ReportType[];
  /** `YYYY-MM-DD`, as a date input holds it. */
  dateFrom: string;
  dateTo: string;
  /** None chosen: every department. */
  departments: string[];
  /** None chosen: every category. */
  categories: string[];
  /** A member of staff's id, or '' for everyone. */
  staff: string;
  format: ReportFormat;
  charts: boolean;
  summary: boolean;
  interactiveExport: boolean;
  trendPrediction: boolean;
  heatMaps: boolean;
  scheduleEnabled: boolean;
  frequency: ReportScheduleFrequency;
  downloadNow: boolean;
  /** As typed; blank means no e-mail. */
  email: string;
}

/** Today in the reader's own time zone as `YYYY-MM-DD` (a date input's value), not UTC's date. */
export function localDate(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The period the dialog starts with: the last 30 days, today included (the start date is 29 days
 * before today, and both dates count, as they do for every report's period), not today alone: a
 * report of one day is empty or meaningless for most of the eight (downtime, MTBF, PM compliance,
 * costs, weekly and monthly lines), so the dialog starts from a month of data. The person can
 * still narrow it to one day.
 */
export const DEFAULT_REPORT_PERIOD_DAYS = 30;

/** The calendar day `days` before `now`'s, in the reader's own time zone (month ends, leap days and clock changes included). */
function daysBefore(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
}

/**
 * Where the form starts (and returns to on Cancel or Close): no report type chosen, the last 30
 * days (today the end date, as the reader's own calendar has it), every department and category,
 * everyone's work, PDF with charts and summary, no advanced option, no schedule (monthly when
 * turned on), Download Now on and no e-mail.
 *
 * Charts, summary and format come from the person's Reports Defaults in Settings when the session
 * carries them: those saved defaults win over the built-in ones, because they are what this person
 * chose for every report they make. A new account's saved defaults are the built-in ones, so
 * nothing changes for someone who never opened Settings.
 */
export function initialReportForm(saved: ReportDefaults | null | undefined, now: Date): ReportFormState {
  const defaults = saved ?? DEFAULT_REPORT_DEFAULTS;
  return {
    reports: [],
    dateFrom: localDate(daysBefore(now, DEFAULT_REPORT_PERIOD_DAYS - 1)),
    dateTo: localDate(now),
    departments: [],
    categories: [],
    staff: '',
    format: defaults.format,
    charts: defaults.includeCharts,
    summary: defaults.includeSummary,
    interactiveExport: false,
    trendPrediction: false,
    heatMaps: false,
    scheduleEnabled: false,
    frequency: DEFAULT_REPORT_SCHEDULE_FREQUENCY,
    downloadNow: true,
    email: '',
  };
}

/**
 * `list` with `value` ticked or not, in the order of `order` (the contract's list), so the request
 * and the screen never depend on the order of the clicks.
 */
export function withChoice<T>(list: readonly T[], value: T, chosen: boolean, order: readonly T[]): T[] {
  return order.filter((item) => (item === value ? chosen : list.includes(item)));
}

/** The body of `POST /reports/generate`: optional parts (staff, e-mail) left out when blank. */
export function reportRequestOf(form: ReportFormState): GenerateReportRequest {
  const email = form.email.trim();
  const staff = form.staff.trim();
  return {
    reports: [...form.reports],
    filters: {
      dateFrom: form.dateFrom,
      dateTo: form.dateTo,
      departments: [...form.departments],
      categories: [...form.categories],
      ...(staff ? { staff } : {}),
    },
    options: {
      format: form.format,
      visuals: { charts: form.charts, summary: form.summary },
      advanced: {
        interactiveExport: form.interactiveExport,
        trendPrediction: form.trendPrediction,
        heatMaps: form.heatMaps,
      },
      schedule: { enabled: form.scheduleEnabled, frequency: form.frequency },
      delivery: { downloadNow: form.downloadNow, ...(email ? { email } : {}) },
    },
  };
}

/** Which field the person fixes for a refusal: the first report type, the start date, or the delivery. */
export type ReportFormField = 'reports' | 'dateFrom' | 'delivery' | null;

export type ReportFormCheck =
  { ok: true; request: GenerateReportRequest } | { ok: false; message: string; field: ReportFormField };

/**
 * The dialog's three rules, in this order and worded exactly as the server words them: a report
 * type, dates the right way round, and a way to receive the report (Download Now, an e-mail or a
 * schedule). Then the rest of the contract (an e-mail that is not one, a period too long), with
 * the sentence the server would answer, so nothing the server would refuse is sent.
 */
export function checkReportForm(form: ReportFormState): ReportFormCheck {
  if (form.reports.length === 0)
    return { ok: false, message: REPORT_MESSAGES.noReportType, field: 'reports' };
  // Date inputs hold `YYYY-MM-DD`, which compares as text in date order.
  if (form.dateFrom && form.dateTo && form.dateFrom > form.dateTo)
    return { ok: false, message: REPORT_MESSAGES.datesReversed, field: 'dateFrom' };
  if (!form.downloadNow && !form.email.trim() && !form.scheduleEnabled)
    return { ok: false, message: REPORT_MESSAGES.noDelivery, field: 'delivery' };
  const request = reportRequestOf(form);
  const parsed = generateReportSchema.safeParse(request);
  if (!parsed.success)
    return {
      ok: false,
      message: parsed.error.issues[0]?.message ?? 'The report cannot be asked for as it is.',
      field: null,
    };
  return { ok: true, request };
}

/** The form field the person is taken to for each rule: the first report type, the start date, the e-mail. */
export const REFUSED_FIELDS = {
  reports: 'reports',
  dateFrom: 'dateFrom',
  delivery: 'email',
} as const satisfies Record<Exclude<ReportFormField, null>, keyof ReportFormState>;

/** react-hook-form's form-level error (`FORM_ISSUE` of `@caliber/web-forms`): shown in the dialog's footer. */
const FORM_ISSUE = 'root';

/**
 * The Generate Report form's schema: `checkReportForm`'s rules, the first one broken marking its
 * field (where focus goes) and its sentence said once, for the whole form, in the footer.
 */
export const reportFormSchema = z.custom<ReportFormState>().superRefine((form, context) => {
  const check = checkReportForm(form);
  if (check.ok) return;
  if (check.field)
    context.addIssue({ code: 'custom', path: [REFUSED_FIELDS[check.field]], message: check.message });
  context.addIssue({ code: 'custom', path: [FORM_ISSUE], message: check.message });
});

/** Whether the request sets up a schedule or an e-mail: the success message then says so. */
export function configuresDelivery(request: GenerateReportRequest): boolean {
  return Boolean(request.options?.schedule?.enabled || request.options?.delivery?.email);
}

/** A choice of the filter: an entry's name, and whether it is retired (it still has records). */
export interface ListChoice {
  name: string;
  retired: boolean;
}

/**
 * The departments the filter offers: the clinical areas reports are usually about first (the
 * contract's `DEFAULT_REPORT_DEPARTMENTS`, those the hospital has), then every other department
 * by name. Retired departments stay: last year's report still covers them.
 */
export function reportDepartmentChoices(departments: readonly ListEntryDto[]): {
  choices: ListChoice[];
  usual: number;
} {
  // By any name they had: a usual department renamed stays among the usual ones.
  const index = new ListIndex(departments);
  const usual = DEFAULT_REPORT_DEPARTMENTS.flatMap((name) => index.find('department', name) ?? []).filter(
    (entry, at, all) => all.indexOf(entry) === at,
  );
  const others = departments.filter((entry) => !usual.includes(entry)).sort((a, b) => byName(a.name, b.name));
  return {
    choices: [...usual, ...others].map(({ name, retired }) => ({ name, retired })),
    usual: usual.length,
  };
}

/** The categories the filter offers: every one by name, Other last, retired ones too. */
export function reportCategoryChoices(categories: readonly ListEntryDto[]): ListChoice[] {
  const other = categories.filter((entry) => entry.name === OTHER_CATEGORY);
  const named = categories
    .filter((entry) => entry.name !== OTHER_CATEGORY)
    .sort((a, b) => byName(a.name, b.name));
  return [...named, ...other].map(({ name, retired }) => ({ name, retired }));
}
