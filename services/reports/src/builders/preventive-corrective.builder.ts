import { REPORT_TITLES, SUBJECTS, type WorkMixCounts, type WorkMixFigures } from '@caliber/contracts';
import type { Cell, ReportBlock, TableColumn } from '../document/report-document';
import { count, fixedTable, percent, scopeWords, share, type ReportBuilder } from './build-context';
import { trendChart } from './trend';

const mixColumns = (first: string): TableColumn[] => [
  { header: first, type: 'text', width: 22 },
  { header: 'Preventive', type: 'integer' },
  { header: 'Corrective', type: 'integer' },
  { header: 'Other', type: 'integer' },
  { header: 'Preventive share', type: 'percent' },
];

const mixRow = (name: string, counts: WorkMixCounts): Cell[] => [
  name,
  counts.preventive,
  counts.corrective,
  counts.other,
  share(counts.preventive, counts.preventive + counts.corrective),
];

/**
 * Preventive vs corrective: how much of the work was planned (Preventive) against repairs
 * (Repair), by department, category and month, and how much of the PM due was done on time.
 */
export const buildPreventiveVsCorrective: ReportBuilder = async (context) => {
  const mix = await context.data.figures<WorkMixFigures>(
    SUBJECTS.maintenance.reportWorkMix,
    context.scope,
    context.user,
  );
  const planned = mix.total.preventive + mix.total.corrective;
  const summary = [
    `Of the work created in the period (${scopeWords(context.scope)}), ${count(mix.total.preventive)} tasks were preventive and ${count(
      mix.total.corrective,
    )} corrective (${percent(share(mix.total.preventive, planned))} preventive); ${count(mix.total.other)} were other work (installations, inspections, assessments, calibrations).`,
    `PM on time: ${percent(mix.pm.rate)} of the ${count(mix.pm.due - mix.pm.pending)} PM occurrences due by today (${count(mix.pm.onTime)} on time, ${count(
      mix.pm.late,
    )} late, ${count(mix.pm.missed)} missed; ${count(mix.pm.pending)} still to come in the period).`,
  ];
  const blocks: ReportBlock[] = [
    {
      kind: 'figures',
      title: 'Key figures',
      figures: [
        { label: 'Preventive tasks', value: count(mix.total.preventive) },
        { label: 'Corrective tasks', value: count(mix.total.corrective) },
        { label: 'Other tasks', value: count(mix.total.other) },
        {
          label: 'Preventive share (of preventive and corrective)',
          value: percent(share(mix.total.preventive, planned)),
        },
        { label: 'PM on-time rate', value: percent(mix.pm.rate) },
      ],
    },
  ];
  if (context.options.visuals.charts) {
    if (planned > 0)
      blocks.push({
        kind: 'chart',
        title: 'Preventive and corrective work',
        chart: {
          type: 'pie',
          slices: [
            { label: 'Preventive', value: mix.total.preventive },
            { label: 'Corrective', value: mix.total.corrective },
            { label: 'Other', value: mix.total.other },
          ].filter((slice) => slice.value > 0),
        },
      });
    blocks.push({
      kind: 'chart',
      title: 'Preventive and corrective per month',
      chart: trendChart(
        mix.byMonth.map((month) => month.month),
        [
          { name: 'Preventive', values: mix.byMonth.map((month) => month.preventive) },
          { name: 'Corrective', values: mix.byMonth.map((month) => month.corrective) },
        ],
        'month',
        context.options.advanced.trendPrediction,
        'tasks',
      ),
    });
  }
  blocks.push(
    fixedTable(
      'By department',
      mixColumns('Department'),
      mix.byDepartment.map((row) => mixRow(row.name, row)),
    ),
    fixedTable(
      'By category',
      mixColumns('Category'),
      mix.byCategory.map((row) => mixRow(row.name, row)),
    ),
    fixedTable(
      'By month',
      mixColumns('Month'),
      mix.byMonth.map((row) => mixRow(row.month, row)),
    ),
    fixedTable(
      'PM occurrences of the period',
      [
        { header: 'Due', type: 'integer' },
        { header: 'On time', type: 'integer' },
        { header: 'Late', type: 'integer' },
        { header: 'Missed', type: 'integer' },
        { header: 'Pending', type: 'integer' },
        { header: 'On-time rate', type: 'percent' },
      ],
      [[mix.pm.due, mix.pm.onTime, mix.pm.late, mix.pm.missed, mix.pm.pending, mix.pm.rate]],
      {
        note: 'On time: completed on or before the due date. Missed: not completed by its due date, or cancelled. The rate leaves out occurrences not yet due.',
      },
    ),
  );
  return { key: 'preventiveVsCorrective', title: REPORT_TITLES.preventiveVsCorrective, summary, blocks };
};
