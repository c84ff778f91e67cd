import {
  hasFullAccess,
  REPORT_TITLES,
  roleIs,
  SUBJECTS,
  TECHNICIAN_LIST_LIMIT,
  type AssigneeListResponse,
  type StaffPerformanceRow,
} from '@caliber/contracts';
import { pagedTable, scopeWords, type ReportBuilder } from './build-context';

/**
 * Staff performance: per person, the work assigned in the period, what they completed, how much
 * of it on time, how long it took, and what still waits for an engineer's certification.
 */
export const buildStaffPerformance: ReportBuilder = async (context) => {
  /** The people whose rows the owner of the work answered, as the file is written. */
  const seen = new Set<string>();
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
    (row) => {
      seen.add(row.userId);
      return [
        row.name,
        row.assigned,
        row.completed,
        row.onTime,
        row.late,
        row.completed > 0 ? row.onTime / row.completed : null,
        row.meanHoursToComplete,
        row.awaitingCertification,
      ];
    },
  );
  // Technicians with no work in the period are part of the picture too: the roster names them
  // (as the person may see them: a Technician sees only themselves; one chosen person alone).
  const roster = await context.data.ask<AssigneeListResponse>(
    SUBJECTS.identity.assignees,
    { approved: 'any', limit: TECHNICIAN_LIST_LIMIT },
    context.user,
  );
  const idle = roster.technicians.filter(
    (person) =>
      roleIs(person.role, 'Technician') &&
      (!context.scope.staffId || person._id === context.scope.staffId) &&
      (hasFullAccess(context.user.role) ||
        roleIs(context.user.role, 'Manager') ||
        person._id === context.user.id),
  );
  const people = table.totalRows ?? 0;
  const worked = table.rows;
  // How many idle people follow is known only once the rows are read (a writer counts them).
  table.totalRows = undefined;
  table.rows = async function* () {
    yield* worked();
    const rest = idle
      .filter((person) => !seen.has(person._id))
      .map((person) => [person.name, 0, 0, 0, 0, null, null, 0]);
    if (rest.length) yield rest;
  };
  const summary = [
    `${people} ${people === 1 ? 'person' : 'people'} had work assigned or completed in the period (${scopeWords(context.scope)}); technicians on the roster without work in it are listed after them with zeros.${
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
