import { ProcessMetrics } from '@caliber/service-kit';
import { sampleValue } from '@caliber/testing/metrics-text';
import { pino } from 'pino';
import { COMBINED_REPORT_KIND, ReportMetrics, reportKindLabel } from './report-metrics';

describe('ReportMetrics', () => {
  it('labels a report by its one kind, or as combined when a file holds several', () => {
    expect(reportKindLabel(['equipmentStatus'])).toBe('equipmentStatus');
    expect(reportKindLabel(['equipmentStatus', 'taskManagement'])).toBe(COMBINED_REPORT_KIND);
  });

  it('records how long a report waited and how long its attempt took, by kind, format and outcome', async () => {
    const metrics = new ProcessMetrics('reports-worker', pino({ level: 'silent' }));
    const reports = new ReportMetrics(metrics);
    const createdAt = new Date(Date.now() - 90_000);
    reports.started({ reports: ['equipmentStatus'], options: { format: 'pdf' }, createdAt, startNumber: 1 })(
      'done',
    );
    reports.started({
      reports: ['equipmentStatus', 'taskManagement'],
      options: { format: 'xlsx' },
      createdAt,
      startNumber: 1,
    })('failed');
    const text = (await metrics.exposition()).body;
    expect(
      sampleValue(text, 'caliber_report_duration_seconds_count', {
        kind: 'equipmentStatus',
        format: 'pdf',
        outcome: 'done',
      }),
    ).toBe(1);
    expect(
      sampleValue(text, 'caliber_report_duration_seconds_count', {
        kind: COMBINED_REPORT_KIND,
        format: 'xlsx',
        outcome: 'failed',
      }),
    ).toBe(1);
    // Waited 90 s: above the 60 s bucket, within the 120 s one.
    expect(sampleValue(text, 'caliber_report_wait_seconds_bucket', { format: 'pdf', le: '60' })).toBe(0);
    expect(sampleValue(text, 'caliber_report_wait_seconds_bucket', { format: 'pdf', le: '120' })).toBe(1);
  });

  it('records a report’s wait at its first start only, never a retry’s run and backoff as waiting', async () => {
    const metrics = new ProcessMetrics('reports-worker', pino({ level: 'silent' }));
    const reports = new ReportMetrics(metrics);
    // Asked for 90 s ago; its first attempt started then and failed, and it is tried again now.
    const createdAt = new Date(Date.now() - 90_000);
    const first = { reports: ['equipmentStatus' as const], options: { format: 'docx' as const }, createdAt };
    const firstStart = { ...first, startNumber: 1 };
    const retry = { ...first, startNumber: 2 };
    const afterStall = { ...first, startNumber: 3 };
    reports.started(firstStart)('failed');
    reports.started(retry)('failed');
    reports.started(afterStall)('done');
    const text = (await metrics.exposition()).body;
    // One wait, the first start's; every attempt timed.
    expect(sampleValue(text, 'caliber_report_wait_seconds_count', { format: 'docx' })).toBe(1);
    expect(sampleValue(text, 'caliber_report_wait_seconds_bucket', { format: 'docx', le: '120' })).toBe(1);
    expect(
      sampleValue(text, 'caliber_report_duration_seconds_count', {
        kind: 'equipmentStatus',
        format: 'docx',
        outcome: 'failed',
      }),
    ).toBe(2);
    expect(
      sampleValue(text, 'caliber_report_duration_seconds_count', {
        kind: 'equipmentStatus',
        format: 'docx',
        outcome: 'done',
      }),
    ).toBe(1);
  });
});
