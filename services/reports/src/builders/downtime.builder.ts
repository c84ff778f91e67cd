import {
  REPORT_TITLES,
  SUBJECTS,
  type DeviceDowntimeRow,
  type DowntimeFigures,
  type DowntimeStats,
} from '@caliber/contracts';
import type { Cell, ReportBlock, TableColumn } from '../document/report-document';
import {
  count,
  fixedTable,
  hours,
  pagedTable,
  percent,
  scopeWords,
  type ReportBuilder,
} from './build-context';

const statsColumns: TableColumn[] = [
  { header: 'Devices', type: 'integer' },
  { header: 'Downtime', type: 'hours' },
  { header: 'Uptime', type: 'percent' },
  { header: 'Failures', type: 'integer' },
  { header: 'Repairs', type: 'integer' },
  { header: 'MTTR', type: 'hours' },
  { header: 'MTBF', type: 'hours' },
];

const statsCells = (stats: DowntimeStats): Cell[] => [
  stats.devices,
  stats.downtimeHours,
  stats.uptime,
  stats.failures,
  stats.repairs,
  stats.mttrHours,
  stats.mtbfHours,
];

const deviceColumns: TableColumn[] = [
  { header: 'Device', type: 'text', width: 24 },
  { header: 'Serial number', type: 'text', width: 14 },
  { header: 'Department', type: 'text', width: 16 },
  { header: 'Category', type: 'text', width: 12 },
  ...statsColumns.slice(1),
];

const deviceCells = (row: DeviceDowntimeRow): Cell[] => [
  row.name,
  row.serialNumber,
  row.department,
  row.category,
  ...statsCells(row).slice(1),
];

const DEFINITIONS =
  'A device is down while Unserviceable or Under Maintenance. Uptime is the share of the hours it was in the inventory and not retired. A failure is a change from Serviceable to down; MTTR is the mean length of the repairs that ended in the period; MTBF is the hours up per failure.';

/** Months of the period, `YYYY-MM`. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  const cursor = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
  while (cursor.toISOString().slice(0, 7) <= to.slice(0, 7)) {
    months.push(cursor.toISOString().slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return months;
}

/** Downtime analysis: availability from the status history, per device, department and category. */
export const buildDowntime: ReportBuilder = async (context) => {
  const figures = await context.data.figures<DowntimeFigures>(
    SUBJECTS.equipment.reportDowntime,
    context.scope,
    context.user,
  );
  const devices = await pagedTable<DeviceDowntimeRow>(
    context,
    SUBJECTS.equipment.reportDowntimeDevices,
    { title: 'Downtime per device', columns: deviceColumns, note: DEFINITIONS },
    deviceCells,
  );
  const { total } = figures;
  const summary = [
    `Over the period (${scopeWords(context.scope)}), ${count(total.devices)} devices were in service or awaiting it, and were down for ${hours(total.downtimeHours)} in all: uptime ${percent(
      total.uptime,
    )}. They failed ${count(total.failures)} times; ${count(total.repairs)} repairs ended, taking ${hours(total.mttrHours)} on average (MTTR), and the mean time between failures was ${hours(
      total.mtbfHours,
    )}.`,
    ...(figures.worst[0]
      ? [
          `The device down longest was ${figures.worst[0].name} (${figures.worst[0].serialNumber}, ${figures.worst[0].department}): ${hours(figures.worst[0].downtimeHours)}.`,
        ]
      : []),
  ];
  const blocks: ReportBlock[] = [
    {
      kind: 'figures',
      title: 'Key figures',
      figures: [
        { label: 'Devices observed', value: count(total.devices) },
        { label: 'Downtime', value: hours(total.downtimeHours) },
        { label: 'Uptime', value: percent(total.uptime) },
        { label: 'Failures', value: count(total.failures) },
        { label: 'MTTR', value: hours(total.mttrHours) },
        { label: 'MTBF', value: hours(total.mtbfHours) },
      ],
    },
  ];
  if (context.options.visuals.charts && figures.byDepartment.length)
    blocks.push({
      kind: 'chart',
      title: 'Downtime by department',
      chart: {
        type: 'bar',
        categories: figures.byDepartment.map((row) => row.name),
        series: [{ name: 'Downtime hours', values: figures.byDepartment.map((row) => row.downtimeHours) }],
        unit: 'hours',
      },
    });
  if (context.options.advanced.heatMaps && figures.byDepartmentMonth.length) {
    const months = monthsOf(context.scope.from, context.scope.to);
    const departments = [...new Set(figures.byDepartmentMonth.map((cell) => cell.department))].sort();
    const value = new Map(
      figures.byDepartmentMonth.map((cell) => [`${cell.department}|${cell.month}`, cell.downtimeHours]),
    );
    blocks.push({
      kind: 'heatmap',
      title: 'Downtime hours by department and month',
      rowLabels: departments,
      columnLabels: months,
      values: departments.map((department) =>
        months.map((month) => value.get(`${department}|${month}`) ?? 0),
      ),
      unit: 'downtime hours',
    });
  }
  blocks.push(
    fixedTable('The ten worst devices', deviceColumns, figures.worst.map(deviceCells), {
      note: 'Most downtime hours in the period, then most failures.',
    }),
    fixedTable(
      'By department',
      [{ header: 'Department', type: 'text', width: 22 }, ...statsColumns],
      figures.byDepartment.map((row) => [row.name, ...statsCells(row)]),
    ),
    fixedTable(
      'By category',
      [{ header: 'Category', type: 'text', width: 16 }, ...statsColumns],
      figures.byCategory.map((row) => [row.name, ...statsCells(row)]),
    ),
    devices,
  );
  return { key: 'downtimeAnalysis', title: REPORT_TITLES.downtimeAnalysis, summary, blocks };
};
