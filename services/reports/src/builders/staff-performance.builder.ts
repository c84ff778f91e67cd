import { REPORT_TITLES, SUBJECTS, type StaffPerformanceRow } from '@caliber/contracts';
import { pagedTable, scopeWords, type ReportBuilder } from './build-context';

/**
 * Staff performance: per person, the work assigned in the period, what they completed, how much
 * of it on time, how long it took, and what still waits for an engineer's certification.
 */
export const buildStaffPerformance: ReportBuilder = async (context) => {
  const table = await pagedTable<StaffPerformanceRow>(
    context,
    SUBJECTS.maintenance.reportStaff,
    {
      title: 'Work per person',
      columns: [
        { header: 'Name', type: 'text', width: 24 },
        { header: 'Assigned', type: 'integer' },
        { header: 'Completed', type: 'integer' },
        { header: 'On time', type: 'integer' },
        { header: 'Late', type: 'integer' },
        { header: 'On-time share', type: 'percent' },
        { header: 'Mean time to complete', type: 'hours' },
        { header: 'Awaiting certification', type: 'integer' },
      ],
      note: 'Assigned: tasks assigned to the person and created in the period. Completed, on time and late: completed in the period; on time means by the due date (or with none).',
    },
    (row) => [
      row.name,
      row.assigned,
      row.completed,
      row.onTime,
      row.late,
      row.completed > 0 ? row.onTime / row.completed : null,
      row.meanHoursToComplete,
      row.awaitingCertification,
    ],
  );
  const people = table.totalRows ?? 0;
  const summary = [
    `${people} ${people === 1 ? 'person' : 'people'} had work assigned or completed in the period (${scopeWords(context.scope)}).${
      context.scope.staffId ? ' The figures are those of the one member of staff chosen.' : ''
    }`,
  ];
  return {
    key: 'staffPerformance',
    title: REPORT_TITLES.staffPerformance,
    summary,
    blocks: [table],
  };
};
