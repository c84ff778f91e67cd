import { type ReportJobDto, type ReportJobListResponse, type ReportScheduleDto } from '@caliber/contracts';

export { signedInFixture as staffFixture } from '@caliber/web-testing/people';

/** A report as `GET /reports` lists it: done unless told. */
export function jobFixture(changes: Partial<ReportJobDto> = {}): ReportJobDto {
  return {
    _id: 'job-1',
    reports: ['equipmentStatus'],
    format: 'pdf',
    state: 'done',
    progress: 100,
    stage: null,
    failure: null,
    attempts: 1,
    fileName: 'cmms-report-1.pdf',
    fileSize: 20480,
    filters: { dateFrom: '2026-03-01', dateTo: '2026-03-31', departments: [], categories: [], staff: null },
    requestedBy: { _id: 'me', name: 'Esi Mensah' },
    scheduleId: null,
    emailTo: null,
    emailedAt: null,
    createdAt: '2026-03-31T09:00:00.000Z',
    finishedAt: '2026-03-31T09:00:05.000Z',
    expiresAt: '2026-04-07T09:00:05.000Z',
    ...changes,
  };
}

export function jobPage(jobs: ReportJobDto[]): ReportJobListResponse {
  return { jobs, total: jobs.length, page: 1, pages: 1 };
}

export function scheduleFixture(changes: Partial<ReportScheduleDto> = {}): ReportScheduleDto {
  return {
    _id: 'schedule-1',
    reports: ['complianceAudit'],
    format: 'xlsx',
    frequency: 'weekly',
    departments: ['ICU'],
    categories: [],
    emailTo: 'esi@example.org',
    owner: { _id: 'me', name: 'Esi Mensah' },
    nextRunAt: '2026-04-06T06:00:00.000Z',
    lastRunAt: null,
    createdAt: '2026-03-31T09:00:00.000Z',
    ...changes,
  };
}
