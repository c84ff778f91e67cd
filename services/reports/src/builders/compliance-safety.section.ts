import { SUBJECTS, type FailedSafetyTestRow, type SafetyTestFigures } from '@caliber/contracts';
import type { ReportBlock } from '../document/report-document';
import { count, pagedTable, percent, share, type BuildContext } from './build-context';

/** "1 electrical safety test was", "2 … tests were": the count with its noun and verb agreeing. */
const counted = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

/** The section's summary sentence, in the singular where a figure is 1. */
export function safetySummary(figures: SafetyTestFigures): string {
  const tests = counted(figures.tests, 'electrical safety test was', 'electrical safety tests were');
  const devices = counted(
    figures.overdueDevices,
    'device on a safety-testing plan is overdue for its test',
    'devices on a safety-testing plan are overdue for their test',
  );
  return `${tests} taken in the period: ${count(figures.passed)} passed and ${count(figures.failed)} failed (${percent(
    share(figures.passed, figures.tests),
  )} passed). ${devices} now.`;
}

/**
 * The compliance audit's electrical-safety section (IEC 62353 tests): the tests taken in the
 * period, passed and failed, the devices on a Safety Testing plan whose test is overdue now, and
 * every failed test with what failed and the Repair task it opened. The figures come from the
 * maintenance service, which owns the tests.
 */
export async function complianceSafetySection(
  context: BuildContext,
): Promise<{ summary: string; blocks: ReportBlock[] }> {
  const figures = await context.data.figures<SafetyTestFigures>(
    SUBJECTS.maintenance.reportSafetyTests,
    context.scope,
    context.user,
  );
  const failed = await pagedTable<FailedSafetyTestRow>(
    context,
    SUBJECTS.maintenance.reportFailedSafetyTests,
    {
      title: 'Failed electrical safety tests',
      columns: [
        { header: 'Device', type: 'text', width: 24 },
        { header: 'Department', type: 'text', width: 16 },
        { header: 'Tested', type: 'date' },
        { header: 'Failed', type: 'text', width: 30 },
        { header: 'Repair task', type: 'text', width: 26 },
        { header: 'Repair status', type: 'text', width: 12 },
      ],
      note: 'A test fails when a measurement exceeds its IEC 62353:2014 limit for the device\'s protection class and applied part type, or the visual inspection failed. "—" where no Repair task was opened.',
    },
    (row) => [
      `${row.equipmentName} (${row.serialNumber})`,
      row.department,
      row.testedOn,
      row.failed.join('; '),
      row.repairTaskTitle,
      row.repairTaskStatus,
    ],
  );
  const summary = safetySummary(figures);
  return {
    summary,
    blocks: [
      {
        kind: 'figures',
        title: 'Electrical safety tests (IEC 62353)',
        figures: [
          { label: 'Safety tests in the period', value: count(figures.tests) },
          { label: 'Passed', value: count(figures.passed) },
          { label: 'Failed', value: count(figures.failed) },
          { label: 'Devices overdue for a safety test', value: count(figures.overdueDevices) },
        ],
      },
      failed,
    ],
  };
}
