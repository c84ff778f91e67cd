import {
  REPORT_TITLES,
  SUBJECTS,
  type CostFigures,
  type CostRow,
  type DeviceCostRow,
} from '@caliber/contracts';
import type { Cell, ReportBlock, TableColumn } from '../document/report-document';
import { count, fixedTable, hours, money, pagedTable, scopeWords, type ReportBuilder } from './build-context';

/**
 * The sum of what was recorded (parts with a unit cost, priced labour, vendors' charges), in whole
 * cents; null when nothing was.
 */
function totalCost(row: CostRow): number | null {
  const amounts = [row.partsCost, row.labourCost, row.vendorCost].filter(
    (amount): amount is number => amount !== null,
  );
  if (amounts.length === 0) return null;
  return amounts.reduce((cents, amount) => cents + Math.round(amount * 100), 0) / 100;
}

function costColumns(priced: boolean): TableColumn[] {
  return [
    { header: 'Tasks', type: 'integer' },
    { header: 'Parts cost', type: 'currency' },
    { header: 'Part uses without a cost', type: 'integer' },
    { header: 'Labour hours', type: 'hours' },
    { header: 'Tasks without hours', type: 'integer' },
    ...(priced
      ? ([
          { header: 'Labour cost', type: 'currency' },
          { header: 'Tasks with unpriced hours', type: 'integer' },
          { header: 'Vendor charges', type: 'currency' },
          { header: 'Recorded cost', type: 'currency' },
        ] satisfies TableColumn[])
      : []),
  ];
}

function costCells(row: CostRow, priced: boolean): Cell[] {
  return [
    row.tasks,
    row.partsCost,
    row.partUsesWithoutCost,
    row.labourHours,
    row.tasksWithoutHours,
    ...(priced ? [row.labourCost, row.tasksWithUnpricedHours, row.vendorCost, totalCost(row)] : []),
  ];
}

/**
 * Financial cost of the work completed in the period: parts where unit costs were recorded,
 * what vendors invoiced, and labour where hours were recorded, each task's hours priced by maintenance at the rate of the role
 * that recorded them in force on the day the task was completed. What was not recorded, or has no
 * rate, is counted and said, never estimated. Labour is priced for Engineers, Managers and Admins
 * (a Technician's report of their own work gives the hours).
 */
export const buildFinancialCost: ReportBuilder = async (context) => {
  const figures = await context.data.figures<CostFigures>(
    SUBJECTS.maintenance.reportCosts,
    context.scope,
    context.user,
  );
  const priced = figures.labourPriced;
  const columns = costColumns(priced);
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
    (row) => [row.name, row.serialNumber, row.department, ...costCells(row, priced)],
  );
  const { total } = figures;
  const unrecorded: string[] = [];
  if (total.partUsesWithoutCost)
    unrecorded.push(`${count(total.partUsesWithoutCost)} part uses have no recorded unit cost`);
  if (total.tasksWithoutHours)
    unrecorded.push(`${count(total.tasksWithoutHours)} tasks have no recorded labour hours`);
  if (priced && total.tasksWithUnpricedHours)
    unrecorded.push(
      `${count(total.tasksWithUnpricedHours)} tasks have hours without a price (no labour rate for their role on the day, or recorded before Caliber kept whose work they were)`,
    );
  const summary = [
    `${count(total.tasks)} tasks were completed in the period (${scopeWords(context.scope)}). Recorded parts cost ${money(
      total.partsCost,
      context.currency,
    )} and recorded labour ${hours(total.labourHours)}${
      priced
        ? `, priced at ${money(total.labourCost, context.currency)} by the labour rates in force when the work was done; ${
            total.tasksWithVendorCharges
              ? `vendors invoiced ${money(total.vendorCost, context.currency)} for ${count(
                  total.tasksWithVendorCharges,
                )} of the tasks`
              : 'no vendor charges were recorded'
          }`
        : ' (labour and vendors’ charges are in the reports of Engineers, Managers and Admins)'
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
        ...(priced
          ? [
              { label: 'Labour cost', value: money(total.labourCost, context.currency) },
              { label: 'Vendor charges', value: money(total.vendorCost, context.currency) },
              { label: 'Recorded cost', value: money(totalCost(total), context.currency) },
            ]
          : []),
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
      figures.byDepartment.map((row) => [row.name, ...costCells(row, priced)]),
      {
        currency: context.currency,
      },
    ),
    fixedTable(
      'By category',
      [{ header: 'Category', type: 'text', width: 16 }, ...columns],
      figures.byCategory.map((row) => [row.name, ...costCells(row, priced)]),
      {
        currency: context.currency,
      },
    ),
    devices,
  );
  return { key: 'financialCost', title: REPORT_TITLES.financialCost, summary, blocks };
};
