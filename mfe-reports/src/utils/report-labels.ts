import {
  REPORT_FORMAT_NAMES,
  REPORT_FORMATS,
  REPORT_JOB_STATES,
  REPORT_SCHEDULE_FREQUENCIES,
  REPORT_TITLES,
  REPORT_TYPES,
  type ReportFormat,
  type ReportJobDto,
  type ReportJobState,
  type ReportScheduleFrequency,
  type ReportType,
} from '@caliber/contracts';

/**
 * How the report screens name formats, frequencies and states, and read their addresses and live
 * events. No DOM here, so it is tested under Node.
 */

/** The formats as people call them (the file's kind, not its extension). */
export const FORMAT_NAMES: Record<ReportFormat, string> = REPORT_FORMAT_NAMES;

/** The dialog's format choices: each with what it is for (PDF with charts, Excel to edit, Word to read). */
const FORMAT_PURPOSES: Record<ReportFormat, string> = {
  pdf: 'with charts',
  xlsx: 'editable',
  docx: 'narrative',
};
export const FORMAT_CHOICES = REPORT_FORMATS.map((format) => ({
  value: format,
  label: `${FORMAT_NAMES[format]} (${FORMAT_PURPOSES[format]})`,
}));

export const FREQUENCY_NAMES: Record<ReportScheduleFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};
export const FREQUENCY_CHOICES = REPORT_SCHEDULE_FREQUENCIES.map((frequency) => ({
  value: frequency,
  label: FREQUENCY_NAMES[frequency],
}));

/** What each schedule's run covers, as the service makes it. */
export const FREQUENCY_PERIODS: Record<ReportScheduleFrequency, string> = {
  weekly: 'the week before each Monday',
  monthly: 'the month before the 1st',
  quarterly: 'the quarter before its first day',
};

export const STATE_NAMES: Record<ReportJobState, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  expired: 'Expired',
};

export const STATE_TONES = {
  queued: 'grey',
  running: 'blue',
  done: 'green',
  failed: 'red',
  expired: 'yellow',
} as const satisfies Record<ReportJobState, string>;

/** The state badge's text: 'Running 45%' while the report is written, else the state's name. */
export function stateLabel(job: Pick<ReportJobDto, 'state' | 'progress'>): string {
  if (job.state === 'running') return `Running ${clampProgress(job.progress)}%`;
  return STATE_NAMES[job.state];
}

/** Progress as a whole percentage from 0 to 100, whatever the server sent. */
export function clampProgress(progress: number): number {
  return Number.isFinite(progress) ? Math.max(0, Math.min(100, Math.round(progress))) : 0;
}

/** Whether the report may still move: a page following it keeps listening (or asking). */
export function isUnfinished(state: ReportJobState): boolean {
  return state === 'queued' || state === 'running';
}

/** "Equipment status, Compliance audit": the report types of a file, in the contract's order. */
export function reportTypesLine(types: readonly ReportType[]): string {
  const titles = REPORT_TYPES.filter((type) => types.includes(type)).map((type) => REPORT_TITLES[type]);
  return titles.length > 0 ? titles.join(', ') : 'No report type';
}

/** `GET /reports?…`: the person's own reports, one page. */
export function reportListQuery(page: number, limit: number): string {
  return new URLSearchParams({ page: String(page), limit: String(limit) }).toString();
}

/** The report's id in its page's address, `/reports/jobs/{id}` (a trailing slash allowed), or null. */
export function reportJobIdOf(pathname: string): string | null {
  const match = /^\/reports\/jobs\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    const id = decodeURIComponent(match[1]).trim();
    return id ? id : null;
  } catch {
    return null;
  }
}

/**
 * The report a `report:progress` event carries, or null when the payload is not one: the screens
 * place it only when it has what they show.
 */
export function reportOfEvent(payload: unknown): ReportJobDto | null {
  if (typeof payload !== 'object' || payload === null || !('job' in payload)) return null;
  const job: unknown = payload.job;
  if (typeof job !== 'object' || job === null) return null;
  const candidate = job as Partial<ReportJobDto>;
  if (typeof candidate._id !== 'string' || !candidate._id) return null;
  if (!REPORT_JOB_STATES.includes(candidate.state as ReportJobState)) return null;
  if (!Array.isArray(candidate.reports) || typeof candidate.createdAt !== 'string') return null;
  return job as ReportJobDto;
}

/**
 * A report as an event brings it, placed in the list: replaced where it is, or null when the list
 * does not hold it (the list is then asked again, as a new report belongs on top).
 */
export function placeReport(jobs: readonly ReportJobDto[], job: ReportJobDto): ReportJobDto[] | null {
  const index = jobs.findIndex((candidate) => candidate._id === job._id);
  if (index < 0) return null;
  return jobs.map((candidate, at) => (at === index && !isBehind(candidate, job) ? job : candidate));
}

/**
 * Whether `incoming` says less than the report `held` already: a report only moves forward (an
 * e-mail once sent stays sent, a finished report does not start again, a running one does not
 * lose progress within one attempt). An answer or an event that left before a later one and
 * arrives after it then cannot show "To be e-mailed" for a report already e-mailed.
 */
export function isBehind(held: ReportJobDto, incoming: ReportJobDto): boolean {
  if (held.emailedAt && !incoming.emailedAt) return true;
  if (held.state === 'done' && (incoming.state === 'queued' || incoming.state === 'running')) return true;
  return (
    held.state === 'running' &&
    incoming.state === 'running' &&
    incoming.attempts === held.attempts &&
    incoming.progress < held.progress
  );
}
