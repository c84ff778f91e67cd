import {
  generateReportSchema,
  reportJobDtoSchema,
  reportJobListQuerySchema,
  reportJobListResponseSchema,
  reportQueuedResponseSchema,
  removedRecordSchema,
  reportScheduleListResponseSchema,
  SUBJECTS,
  type ReportFormat,
} from '@caliber/contracts';
import { operation, STAFF, type ApiOperation } from '../api/operation';
import { COMMON_REFUSALS } from '../api/refusals';

/** The media type of each report format, as its file is sent. */
export const REPORT_MEDIA_TYPES: Readonly<Record<ReportFormat, string>> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * Reports and their schedules, kept by the reports service. Anyone signed in asks for reports (the
 * domain services apply their own rules to the figures); a report and a schedule are their owner's,
 * and Engineers' and Admins' too (the service answers anyone else 404).
 */
export const REPORTS_OPERATIONS = {
  generateReport: operation({
    operationId: 'generateReport',
    method: 'post',
    path: '/api/reports/generate',
    tag: 'Reports',
    summary: 'Generate reports as PDF, Excel or Word; optionally e-mail them and repeat them on a schedule',
    description:
      "The Generate Report dialog's body: `reports` (at least one of the eight types), `filters` (`dateFrom` ≤ `dateTo`, departments, categories, `staff`) and `options` (format, visuals, advanced, schedule, delivery). At least one of `delivery.downloadNow`, `delivery.email` or `schedule.enabled`. With Download Now, the answer waits for the file up to `REPORT_WAIT_SECONDS` (15 s) and is the file itself (`cmms-report-{timestamp}.{pdf|xlsx|docx}`); otherwise, or when it takes longer, it is 202 `{fileUrl, jobId, scheduleId}`: `fileUrl` is the report's page, which follows it live and downloads it when done. A schedule alone writes nothing now. `delivery.email` must be the caller's own confirmed address (`user.emailConfirmed`) or at one of `REPORT_MAIL_DOMAINS` (else 400, saying where reports may go and how to confirm an address).",
    callers: STAFF,
    body: generateReportSchema,
    answer: {
      status: 202,
      description: '`{fileUrl, jobId, scheduleId}`',
      schema: reportQueuedResponseSchema,
    },
    otherAnswers: {
      200: {
        description:
          'With Download Now, when the report is ready within `REPORT_WAIT_SECONDS`: the file itself, as an attachment.',
        file: Object.values(REPORT_MEDIA_TYPES),
      },
    },
    refusals: {
      429: '`REPORT_LIMIT_REACHED`: the caller already has `REPORT_MAX_ACTIVE_PER_PERSON` (3) reports being prepared, or `REPORT_MAX_SCHEDULES_PER_PERSON` (10) live schedules; `message` says which and what to do. Nothing is stored.',
      503: COMMON_REFUSALS[503],
    },
  }),
  listReports: operation({
    operationId: 'listReports',
    method: 'get',
    path: '/api/reports',
    tag: 'Reports',
    summary: "Your reports, newest first (Engineers and Admins: everyone's with `everyone=1`)",
    callers: STAFF,
    query: reportJobListQuerySchema,
    answer: { status: 200, description: '`{jobs, total, page, pages}`', schema: reportJobListResponseSchema },
    // The service reads the query itself as its message.
    forward: { subject: SUBJECTS.reports.listJobs, message: ({ query }) => query },
  }),
  listReportSchedules: operation({
    operationId: 'listReportSchedules',
    method: 'get',
    path: '/api/report-schedules',
    tag: 'Reports',
    summary: "Your report schedules (Engineers and Admins: everyone's), with their next run",
    callers: STAFF,
    answer: { status: 200, description: '`{schedules}`', schema: reportScheduleListResponseSchema },
    forward: { subject: SUBJECTS.reports.listSchedules },
  }),
  cancelReportSchedule: operation({
    operationId: 'cancelReportSchedule',
    method: 'delete',
    path: '/api/report-schedules/{id}',
    tag: 'Reports',
    summary: 'Cancel a report schedule (its owner, an Engineer or an Admin)',
    description: "The reports it made stay. Anyone else's schedule is 404.",
    callers: STAFF,
    answer: { status: 200, description: '`{_id}`', schema: removedRecordSchema },
    refusals: { 404: 'No such schedule (or not yours).' },
    forward: { subject: SUBJECTS.reports.cancelSchedule },
  }),
  getReport: operation({
    operationId: 'getReport',
    method: 'get',
    path: '/api/reports/{id}',
    tag: 'Reports',
    summary: 'One report: its state, progress and file (its owner, Engineers and Admins)',
    callers: STAFF,
    answer: { status: 200, description: 'The report.', schema: reportJobDtoSchema },
    refusals: { 404: 'No such report (or not yours).' },
    forward: { subject: SUBJECTS.reports.getJob },
  }),
  getReportFile: operation({
    operationId: 'getReportFile',
    method: 'get',
    path: '/api/reports/{id}/file',
    tag: 'Reports',
    summary: 'Download a finished report',
    callers: STAFF,
    answer: {
      status: 200,
      description: 'The file, as an attachment.',
      file: Object.values(REPORT_MEDIA_TYPES),
    },
    refusals: {
      404: 'No such report (or not yours), or it expired.',
      409: 'Not written yet.',
      503: COMMON_REFUSALS[503],
    },
  }),
} as const satisfies Record<string, ApiOperation>;
