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
    reports.started({ reports: ['equipmentStatus'], options: { format: 'pdf' }, createdAt })('done');
    reports.started({
      reports: ['equipmentStatus', 'taskManagement'],
      options: { format: 'xlsx' },
      createdAt,
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
});
