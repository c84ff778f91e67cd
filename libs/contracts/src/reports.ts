import { z } from 'zod';
import { LIST_LIMITS, listNameKey } from './lists';
import { dateField } from './dates';
import { ID_PATTERN } from './ids';
import { EXAMPLE_ENGINEER } from './examples';

/**
 * The report types: the spec's eight, and the cost of service (the ratio a manager defends a
 * budget with, added after them).
 */
export const REPORT_TYPES = [
  'equipmentStatus',
  'taskManagement',
  'preventiveVsCorrective',
  'staffPerformance',
  'inventorySpareParts',
  'downtimeAnalysis',
  'financialCost',
  'complianceAudit',
  'costOfService',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** What each report is called on screens, in files and in e-mails. */
export const REPORT_TITLES: Record<ReportType, string> = {
  equipmentStatus: 'Equipment status',
  taskManagement: 'Task management',
  preventiveVsCorrective: 'Preventive vs corrective',
  staffPerformance: 'Staff performance',
  inventorySpareParts: 'Inventory and spare parts',
  downtimeAnalysis: 'Downtime analysis',
  financialCost: 'Financial cost',
  complianceAudit: 'Compliance audit',
  costOfService: 'Cost of service',
};

/**
 * The formats a report is made in. Each is also a choice of the Settings screen's default format:
 * a person who always wants the narrative (Word) sets it once, as they can PDF or Excel.
 */
export const REPORT_FORMATS = ['pdf', 'xlsx', 'docx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const DEFAULT_REPORT_FORMAT: ReportFormat = 'pdf';
/** The formats as people call them (the file's kind, not its extension), on every screen. */
export const REPORT_FORMAT_NAMES: Record<ReportFormat, string> = { pdf: 'PDF', xlsx: 'Excel', docx: 'Word' };

export const REPORT_SCHEDULE_FREQUENCIES = ['weekly', 'monthly', 'quarterly'] as const;
export type ReportScheduleFrequency = (typeof REPORT_SCHEDULE_FREQUENCIES)[number];
export const DEFAULT_REPORT_SCHEDULE_FREQUENCY: ReportScheduleFrequency = 'monthly';

/** The dialog's three rules, worded as the dialog words them; the server refuses with the same text. */
export const REPORT_MESSAGES = {
  noReportType: 'Select at least one report type.',
  datesReversed: 'Start date cannot be after end date.',
  noDelivery: 'Choose ‘Download Now’, or provide an email, or enable Schedule.',
} as const;

/**
 * The longest period one report covers: ten years of history is already more than a survey or a
 * budget asks for, and it keeps every figure's work bounded.
 */
export const MAX_REPORT_PERIOD_DAYS = 3660;

const reportDate = (label: string) => dateField(label, { example: '2026-03-31' });

/**
 * Names of one of the hospital's lists, each once (whatever its case or spacing). Which entries
 * they are, and whether the hospital has them, the reports service asks the lists' owner.
 */
const namesFilter = (field: string, what: string, most: number) =>
  z
    .array(
      z
        .string({ error: `${field} must be a list of ${what}.` })
        .trim()
        .min(1, { error: `${field} cannot hold an empty name.` })
        .max(100, { error: `${field} holds a name longer than 100 characters.` }),
      { error: `${field} must be a list of ${what}.` },
    )
    .max(most, { error: `${field} may name at most ${most} ${what}.` })
    .default([])
    .transform((names) =>
      names.filter(
        (name, index) => names.findIndex((other) => listNameKey(other) === listNameKey(name)) === index,
      ),
    );

const departmentsFilter = namesFilter('departments', 'department names', LIST_LIMITS.departments);
const categoriesFilter = namesFilter('categories', 'equipment categories', LIST_LIMITS.categories);

/** What a report covers. Empty lists mean every department, every category. */
export const reportFiltersSchema = z
  .strictObject(
    {
      dateFrom: reportDate('dateFrom'),
      dateTo: reportDate('dateTo'),
      departments: departmentsFilter,
      categories: categoriesFilter,
      /** One member of staff (their id) for the staff figures; absent or empty for everyone. */
      // Null as well as absent: a parsed request is parsed again by the service that receives it.
      staff: z
        .string({ error: 'staff must be the id of a member of staff.' })
        .trim()
        .refine((value) => value === '' || ID_PATTERN.test(value), {
          error: 'staff must be the id of a member of staff.',
        })
        .nullish()
        .transform((value) => (value ? value.toLowerCase() : null)),
    },
    { error: 'filters must be an object.' },
  )
  .refine((filters) => filters.dateFrom <= filters.dateTo, {
    error: REPORT_MESSAGES.datesReversed,
    path: ['dateFrom'],
  })
  .refine((filters) => periodDays(filters.dateFrom, filters.dateTo) <= MAX_REPORT_PERIOD_DAYS, {
    error: `A report covers at most ${MAX_REPORT_PERIOD_DAYS} days.`,
    path: ['dateTo'],
  });
export type ReportFilters = z.output<typeof reportFiltersSchema>;

const flag = (name: string, fallback: boolean) =>
  z.boolean({ error: `${name} must be true or false.` }).default(fallback);

/** The spec's options, with its defaults: PDF, charts and summary on, download now, no schedule. */
export const reportOptionsSchema = z.strictObject(
  {
    format: z
      .enum(REPORT_FORMATS, { error: `format must be one of ${REPORT_FORMATS.join(', ')}.` })
      .default(DEFAULT_REPORT_FORMAT),
    visuals: z
      .strictObject({ charts: flag('charts', true), summary: flag('summary', true) })
      .default({ charts: true, summary: true }),
    advanced: z
      .strictObject({
        interactiveExport: flag('interactiveExport', false),
        trendPrediction: flag('trendPrediction', false),
        heatMaps: flag('heatMaps', false),
      })
      .default({ interactiveExport: false, trendPrediction: false, heatMaps: false }),
    schedule: z
      .strictObject({
        enabled: flag('enabled', false),
        frequency: z
          .enum(REPORT_SCHEDULE_FREQUENCIES, {
            error: `frequency must be one of ${REPORT_SCHEDULE_FREQUENCIES.join(', ')}.`,
          })
          .default(DEFAULT_REPORT_SCHEDULE_FREQUENCY),
      })
      .default({ enabled: false, frequency: DEFAULT_REPORT_SCHEDULE_FREQUENCY }),
    delivery: z
      .strictObject({
        downloadNow: flag('downloadNow', true),
        email: z
          .union([z.literal(''), z.email({ error: 'email must be a valid e-mail address.' }).max(254)])
          .nullish()
          .transform((value) => (value ? value.toLowerCase() : null)),
      })
      .default({ downloadNow: true, email: null }),
  },
  { error: 'options must be an object.' },
);
export type ReportOptions = z.output<typeof reportOptionsSchema>;

/**
 * The compliance audit's PM figures are asked once per department and category chosen (the
 * Maintenance page's figures answer one of each), so a request naming more pairs is refused.
 * Choosing none means every department or every category: one question.
 */
export const MAX_COMPLIANCE_AUDIT_PAIRS = 100;

/** `POST /api/reports/generate`: the Generate Report dialog's body, checked by its own three rules. */
export const generateReportSchema = z
  .strictObject(
    {
      reports: z
        .array(z.enum(REPORT_TYPES, { error: `Each report must be one of ${REPORT_TYPES.join(', ')}.` }), {
          error: REPORT_MESSAGES.noReportType,
        })
        .min(1, { error: REPORT_MESSAGES.noReportType })
        .max(REPORT_TYPES.length * 2, { error: 'reports lists too many report types.' })
        // In the order of the list of types, each once, so a file's sections never depend on clicks.
        .transform((chosen) => REPORT_TYPES.filter((type) => chosen.includes(type))),
      filters: reportFiltersSchema,
      options: reportOptionsSchema.default(reportOptionsSchema.parse({})),
    },
    { error: 'The request must be an object with reports, filters and options.' },
  )
  .refine(
    ({ options }) =>
      options.delivery.downloadNow || options.delivery.email !== null || options.schedule.enabled,
    { error: REPORT_MESSAGES.noDelivery, path: ['options', 'delivery'] },
  )
  .refine(
    ({ reports, filters }) =>
      !reports.includes('complianceAudit') ||
      Math.max(1, filters.departments.length) * Math.max(1, filters.categories.length) <=
        MAX_COMPLIANCE_AUDIT_PAIRS,
    {
      error: `The compliance audit covers at most ${MAX_COMPLIANCE_AUDIT_PAIRS} department and category pairs: choose fewer departments or categories, or none for all.`,
      path: ['filters', 'departments'],
    },
  );
export type GenerateReportRequest = z.input<typeof generateReportSchema>;
export type ReportRequest = z.output<typeof generateReportSchema>;

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** A report file's name: `cmms-report-{timestamp}.{pdf|xlsx|docx}`, the timestamp in milliseconds. */
export function reportFileName(format: ReportFormat, at: Date): string {
  return `cmms-report-${at.getTime()}.${format}`;
}

export const REPORT_JOB_STATES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ReportJobState = (typeof REPORT_JOB_STATES)[number];

/** A person a report or a schedule belongs to. */
const reportPersonSchema = z.object({ _id: z.string(), name: z.string() });

/**
 * A report's filters as recorded: the request's after parsing (each name once, as the hospital's
 * lists call it now). The request's schema transforms what it reads, so the answer's shape is
 * written here, checked against the parsed request's type (and the services' answers against it).
 */
const recordedFiltersSchema = z.object({
  dateFrom: z.string().describe('YYYY-MM-DD'),
  dateTo: z.string().describe('YYYY-MM-DD'),
  departments: z.array(z.string()).describe('Empty for every department.'),
  categories: z.array(z.string()).describe('Empty for every category.'),
  staff: z
    .string()
    .nullable()
    .describe('One member of staff (their id) for the staff figures, or null for everyone.'),
}) satisfies z.ZodType<ReportFilters>;

/** The engineer's February report of the ICU's ventilators and pumps, ready to download. */
const reportJobExample = {
  _id: '2f1e0d9c-8b7a-4654-9321-0fedcba98765',
  reports: ['equipmentStatus', 'downtimeAnalysis'],
  format: 'pdf',
  state: 'done',
  progress: 100,
  stage: null,
  failure: null,
  attempts: 1,
  fileName: 'cmms-report-1772531205114.pdf',
  fileSize: 184_322,
  filters: {
    dateFrom: '2026-02-01',
    dateTo: '2026-02-28',
    departments: ['ICU'],
    categories: ['Ventilator', 'Infusion Pump'],
    staff: null,
  },
  requestedBy: EXAMPLE_ENGINEER,
  scheduleId: null,
  emailTo: null,
  emailedAt: null,
  createdAt: '2026-03-03T09:46:45.114Z',
  finishedAt: '2026-03-03T09:46:49.870Z',
  expiresAt: '2026-03-10T09:46:49.870Z',
} as const;

/** One generated (or generating) report, as its owner and Engineers and Admins see it. */
export const reportJobDtoSchema = z
  .object({
    _id: z.string(),
    reports: z.array(z.enum(REPORT_TYPES)),
    format: z.enum(REPORT_FORMATS),
    state: z.enum(REPORT_JOB_STATES),
    progress: z.number().describe('0 to 100.'),
    stage: z
      .string()
      .nullable()
      .describe('What the worker is doing ("Downtime analysis", "Writing the file"), or why it failed.'),
    failure: z.string().nullable(),
    attempts: z.number().int(),
    fileName: z.string().nullable(),
    fileSize: z.number().int().nullable().describe('Bytes.'),
    filters: recordedFiltersSchema,
    requestedBy: reportPersonSchema,
    scheduleId: z
      .string()
      .nullable()
      .describe('The schedule that made it, when it was not asked for by hand.'),
    emailTo: z.string().nullable(),
    emailedAt: z.string().nullable().describe('When the e-mail was accepted by the mail server, or null.'),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    expiresAt: z.string().nullable().describe('When the file is deleted.'),
  })
  .meta({ id: 'ReportJob', examples: [reportJobExample] });
export type ReportJobDto = z.output<typeof reportJobDtoSchema>;

/** `GET /api/reports`: a page of reports, newest first. */
export const reportJobListResponseSchema = z
  .object({
    jobs: z.array(reportJobDtoSchema),
    total: z.number().int().describe('How many reports the list holds in all.'),
    page: z.number().int().describe('This page, from 1.'),
    pages: z.number().int().describe('How many pages the list has at this limit.'),
  })
  .meta({ id: 'ReportJobPage', examples: [{ jobs: [reportJobExample], total: 1, page: 1, pages: 1 }] });
export type ReportJobListResponse = z.output<typeof reportJobListResponseSchema>;

/** The engineer's monthly compliance report, e-mailed to the department. */
const reportScheduleExample = {
  _id: '6b5a4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  reports: ['complianceAudit'],
  format: 'xlsx',
  frequency: 'monthly',
  departments: ['ICU', 'Theatre'],
  categories: [],
  emailTo: 'biomed@hospital.example',
  owner: EXAMPLE_ENGINEER,
  nextRunAt: '2026-04-01T06:00:00.000Z',
  lastRunAt: '2026-03-01T06:00:02.417Z',
  createdAt: '2026-01-12T11:20:31.650Z',
} as const;

/** A repeating report: the request it repeats, how often, and where it goes. */
export const reportScheduleDtoSchema = z
  .object({
    _id: z.string(),
    reports: z.array(z.enum(REPORT_TYPES)),
    format: z.enum(REPORT_FORMATS),
    frequency: z
      .enum(REPORT_SCHEDULE_FREQUENCIES)
      .describe(
        "Each run covers the calendar week, month or quarter before it (Monday 06:00, the 1st, the quarter's 1st).",
      ),
    departments: z.array(z.string()),
    categories: z.array(z.string()),
    emailTo: z.string().nullable(),
    owner: reportPersonSchema,
    nextRunAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ReportSchedule', examples: [reportScheduleExample] });
export type ReportScheduleDto = z.output<typeof reportScheduleDtoSchema>;

/** `GET /api/report-schedules`: the live schedules, oldest first (at most 200). */
export const reportScheduleListResponseSchema = z
  .object({ schedules: z.array(reportScheduleDtoSchema) })
  .meta({ id: 'ReportScheduleList', examples: [{ schedules: [reportScheduleExample] }] });
export type ReportScheduleListResponse = z.output<typeof reportScheduleListResponseSchema>;

/**
 * `POST /api/reports/generate` answers the file itself when it is ready in time; otherwise this:
 * a link to the report's page, which follows its progress and downloads it when done.
 */
export const reportQueuedResponseSchema = z
  .object({
    fileUrl: z
      .string()
      .describe(
        "The report's page, which follows it live and downloads it when done; `/reports` when only a schedule was asked for.",
      ),
    jobId: z
      .string()
      .describe("The report's id; empty when only a schedule was asked for (nothing is written now)."),
    scheduleId: z.string().nullable().describe('The schedule made with it, when one was asked for.'),
  })
  .meta({
    id: 'ReportQueued',
    examples: [
      { fileUrl: `/reports/jobs/${reportJobExample._id}`, jobId: reportJobExample._id, scheduleId: null },
    ],
  });
export type ReportQueuedResponse = z.output<typeof reportQueuedResponseSchema>;

/** The live event a report's owner receives as the report moves (`report:progress`). */
export interface ReportProgressEvent {
  job: ReportJobDto;
}

/** A piece of a finished file, read by the gateway piece by piece so no message holds a whole file. */
export interface ReportFileChunk {
  /** Base64 of the bytes from `offset`. */
  data: string;
  offset: number;
  size: number;
  fileName: string;
  format: ReportFormat;
}

/** How many bytes one chunk carries: a NATS message stays well under its 1 MB limit once encoded. */
export const REPORT_FILE_CHUNK_BYTES = 256 * 1024;

export const reportJobListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number.' })
    .int({ error: 'page must be a whole number.' })
    .min(1, { error: 'page starts at 1.' })
    .max(100_000, { error: 'page is too large.' })
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(50, { error: 'limit must be at most 50.' })
    .default(10),
  /** Engineers and Admins: everyone's reports; everyone else always sees only their own. */
  // A boolean too: the service parses again what the gateway parsed from the address.
  everyone: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])], { error: 'everyone must be 1 or 0.' })
    .default('0')
    .transform((value) => value === true || value === '1' || value === 'true'),
});
export type ReportJobListQuery = z.output<typeof reportJobListQuerySchema>;
