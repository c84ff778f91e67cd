import type { ReportJobDto } from '@caliber/contracts';
import {
  clampProgress,
  FORMAT_CHOICES,
  FREQUENCY_CHOICES,
  isUnfinished,
  placeReport,
  reportJobIdOf,
  reportListQuery,
  reportOfEvent,
  reportTypesLine,
  stateLabel,
} from './report-labels';

const job = (id: string, changes: Partial<ReportJobDto> = {}): ReportJobDto => ({
  _id: id,
  reports: ['equipmentStatus'],
  format: 'pdf',
  state: 'queued',
  progress: 0,
  stage: null,
  failure: null,
  attempts: 0,
  fileName: null,
  fileSize: null,
  filters: { dateFrom: '2026-03-01', dateTo: '2026-03-31', departments: [], categories: [], staff: null },
  requestedBy: { _id: 'u1', name: 'Abena' },
  scheduleId: null,
  emailTo: null,
  emailedAt: null,
  createdAt: '2026-03-31T10:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  ...changes,
});

describe('report labels', () => {
  it('offers the three formats with what each is for, and the three frequencies', () => {
    expect(FORMAT_CHOICES).toEqual([
      { value: 'pdf', label: 'PDF (with charts)' },
      { value: 'xlsx', label: 'Excel (editable)' },
      { value: 'docx', label: 'Word (narrative)' },
    ]);
    expect(FREQUENCY_CHOICES.map((choice) => choice.label)).toEqual(['Weekly', 'Monthly', 'Quarterly']);
  });

  it('shows the progress while running, the state otherwise', () => {
    expect(stateLabel({ state: 'running', progress: 44.6 })).toBe('Running 45%');
    expect(stateLabel({ state: 'running', progress: 140 })).toBe('Running 100%');
    expect(stateLabel({ state: 'done', progress: 100 })).toBe('Done');
    expect(stateLabel({ state: 'expired', progress: 100 })).toBe('Expired');
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(isUnfinished('queued')).toBe(true);
    expect(isUnfinished('failed')).toBe(false);
  });

  it('names the report types in the contract order', () => {
    expect(reportTypesLine(['complianceAudit', 'downtimeAnalysis'])).toBe(
      'Downtime analysis, Compliance audit',
    );
    expect(reportTypesLine([])).toBe('No report type');
  });

  it("asks for one page of the person's own reports", () => {
    expect(reportListQuery(2, 10)).toBe('page=2&limit=10');
  });

  it("reads the report's id from its page's address", () => {
    expect(reportJobIdOf('/reports/jobs/3f1c9a2e-0000-4000-8000-000000000001')).toBe(
      '3f1c9a2e-0000-4000-8000-000000000001',
    );
    expect(reportJobIdOf('/reports/jobs/abc/')).toBe('abc');
    expect(reportJobIdOf('/reports/jobs/')).toBeNull();
    expect(reportJobIdOf('/reports')).toBeNull();
    expect(reportJobIdOf('/reports/jobs/a/b')).toBeNull();
    expect(reportJobIdOf('/reports/jobs/%E0%A4%A')).toBeNull();
  });
});

describe('live report events', () => {
  it('takes a report the event carries, and nothing else', () => {
    const report = job('r1', { state: 'running', progress: 40 });
    expect(reportOfEvent({ job: report })).toBe(report);
    for (const payload of [
      null,
      'x',
      {},
      { job: null },
      { job: { _id: 'r1' } },
      { job: { ...report, state: 'lost' } },
    ])
      expect(reportOfEvent(payload)).toBeNull();
  });

  it('replaces a listed report in place; a report not listed asks for the list again', () => {
    const list = [job('r1'), job('r2')];
    const moved = job('r2', { state: 'done', progress: 100 });
    expect(placeReport(list, moved)).toEqual([list[0], moved]);
    expect(placeReport(list, job('r3'))).toBeNull();
  });

  it('never moves a report backwards when an older word of it arrives after a newer one', () => {
    const emailed = job('r1', {
      state: 'done',
      emailedAt: '2026-11-27T10:34:48.000Z',
      emailTo: 'a@b.example',
    });
    const doneNotYetEmailed = job('r1', { state: 'done', emailedAt: null, emailTo: 'a@b.example' });
    expect(placeReport([emailed], doneNotYetEmailed)).toEqual([emailed]);
    expect(placeReport([doneNotYetEmailed], emailed)).toEqual([emailed]);
    const done = job('r2', { state: 'done' });
    expect(placeReport([done], job('r2', { state: 'running', progress: 90 }))).toEqual([done]);
    const half = job('r3', { state: 'running', progress: 50 });
    expect(placeReport([half], job('r3', { state: 'running', progress: 20 }))).toEqual([half]);
    const retried = job('r3', { state: 'running', progress: 10, attempts: half.attempts + 1 });
    expect(placeReport([half], retried)).toEqual([retried]);
  });
});
