import {
  REPORT_TITLES,
  SUBJECTS,
  type CostFigures,
  type CostRow,
  type DeviceCostRow,
} from '@caliber/contracts';
import type { Cell, ReportBlock, TableColumn } from '../document/report-document';
import {
  count,
  fixedTable,
  hours,
  money,
  pagedTable,
  scopeWords,
  type BuildContext,
  type ReportBuilder,
} from './build-context';

/** Labour cost is hours × the configured hourly rate; without a rate (or hours) it is not stated. */
function labourCost(row: CostRow, rate: number | null): number | null {
  return rate === null || row.labourHours === null ? null : Math.round(row.labourHours * rate * 100) / 100;
}

/** The sum of what was recorded (parts with a unit cost, priced labour); null when nothing was. */
function totalCost(row: CostRow, rate: number | null): number | null {
  const labour = labourCost(row, rate);
  if (row.partsCost === null && labour === null) return null;
  return Math.round(((row.partsCost ?? 0) + (labour ?? 0)) * 100) / 100;
}

function costColumns(context: BuildContext): TableColumn[] {
  return [
    { header: 'Tasks', type: 'integer' },
    { header: 'Parts cost', type: 'currency' },
    { header: 'Part uses without a cost', type: 'integer' },
    { header: 'Labour hours', type: 'hours' },
    { header: 'Tasks without hours', type: 'integer' },
    ...(context.labourRatePerHour === null
      ? []
      : ([
          { header: 'Labour cost', type: 'currency' },
          { header: 'Recorded cost', type: 'currency' },
        ] satisfies TableColumn[])),
  ];
}

function costCells(row: CostRow, context: BuildContext): Cell[] {
  const rate = context.labourRatePerHour;
  return [
    row.tasks,
    row.partsCost,
    row.partUsesWithoutCost,
    row.labourHours,
    row.tasksWithoutHours,
    ...(rate === null ? [] : [labourCost(row, rate), totalCost(row, rate)]),
  ];
}

/**
 * Financial cost of the work completed in the period: parts where unit costs were recorded and
 * labour where hours were recorded, priced at the configured hourly rate. What was not recorded
 * is counted and said, never estimated.
 */
export const buildFinancialCost: ReportBuilder = async (context) => {
  const figures = await context.data.figures<CostFigures>(
    SUBJECTS.maintenance.reportCosts,
    context.scope,
    context.user,
  );
  const rate = context.labourRatePerHour;
  const columns = costColumns(context);
  const devices = await pagedTable<DeviceCostRow>(
    context,
    SUBJECTS.maintenance.reportDeviceCosts,
    {
      title: 'Cost per device',
      columns: [
        { header: 'Device', type: 'text', width: 24 },
        { header: 'Serial number', type: 'text', width: 14 },
        { header: 'Department', type: 'text', width: 16 },
        ...columns,
      ],
    },
    (row) => [row.name, row.serialNumber, row.department, ...costCells(row, context)],
  );
  const { total } = figures;
  const unrecorded: string[] = [];
  if (total.partUsesWithoutCost)
    unrecorded.push(`${count(total.partUsesWithoutCost)} part uses have no recorded unit cost`);
  if (total.tasksWithoutHours)
    unrecorded.push(`${count(total.tasksWithoutHours)} tasks have no recorded labour hours`);
  if (rate === null)
    unrecorded.push(
      'no hourly labour rate is configured (LABOUR_RATE_PER_HOUR), so labour is given in hours only',
    );
  const summary = [
    `${count(total.tasks)} tasks were completed in the period (${scopeWords(context.scope)}). Recorded parts cost ${money(
      total.partsCost,
      context.currency,
    )} and recorded labour ${hours(total.labourHours)}${
      rate === null
        ? ''
        : `, ${money(labourCost(total, rate), context.currency)} at ${money(rate, context.currency)} an hour`
    }.`,
    unrecorded.length
      ? `Not in these figures: ${unrecorded.join('; ')}. The report does not estimate what was not recorded.`
      : 'Every part use had a unit cost and every task its labour hours.',
  ];
  const blocks: ReportBlock[] = [
    {
      kind: 'figures',
      title: 'Key figures',
      figures: [
        { label: 'Tasks completed', value: count(total.tasks) },
        { label: 'Parts cost (recorded)', value: money(total.partsCost, context.currency) },
        { label: 'Labour hours (recorded)', value: hours(total.labourHours) },
        ...(rate === null
          ? []
          : [
              { label: 'Labour cost', value: money(labourCost(total, rate), context.currency) },
              { label: 'Recorded cost', value: money(totalCost(total, rate), context.currency) },
            ]),
        { label: 'Part uses without a cost', value: count(total.partUsesWithoutCost) },
        { label: 'Tasks without hours', value: count(total.tasksWithoutHours) },
      ],
    },
  ];
  if (context.options.visuals.charts && figures.byDepartment.some((row) => row.partsCost !== null))
    blocks.push({
      kind: 'chart',
      title: 'Recorded parts cost by department',
      chart: {
        type: 'bar',
        categories: figures.byDepartment.map((row) => row.name),
        series: [
          {
            name: `Parts cost (${context.currency})`,
            values: figures.byDepartment.map((row) => row.partsCost ?? 0),
          },
        ],
        unit: context.currency,
      },
    });
  blocks.push(
    fixedTable(
      'By department',
      [{ header: 'Department', type: 'text', width: 22 }, ...columns],
      figures.byDepartment.map((row) => [row.name, ...costCells(row, context)]),
      {
        currency: context.currency,
      },
    ),
    fixedTable(
      'By category',
      [{ header: 'Category', type: 'text', width: 16 }, ...columns],
      figures.byCategory.map((row) => [row.name, ...costCells(row, context)]),
      {
        currency: context.currency,
      },
    ),
    devices,
  );
  return { key: 'financialCost', title: REPORT_TITLES.financialCost, summary, blocks };
};
