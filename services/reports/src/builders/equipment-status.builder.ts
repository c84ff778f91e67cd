import {
  calendarDateIn,
  EQUIPMENT_STATUSES,
  REPORT_TITLES,
  SUBJECTS,
  WARRANTY_WINDOW_DAYS,
  type EquipmentStatusFigures,
  type ExpiringWarrantyRow,
  type NotServiceableDeviceRow,
  type StatusCounts,
} from '@caliber/contracts';
import type { ReportBlock, TableColumn } from '../document/report-document';
import { count, fixedTable, pagedTable, percent, share, type ReportBuilder } from './build-context';

const statusColumns: TableColumn[] = EQUIPMENT_STATUSES.map((status) => ({
  header: status,
  type: 'integer',
}));

const countsRow = (name: string, total: number, counts: StatusCounts) => [
  name,
  ...EQUIPMENT_STATUSES.map((status) => counts[status]),
  total,
];

/**
 * Equipment status: the inventory as it stands (counts by status, department and category), the
 * devices not in service and for how long, and the warranties ending within 90 days.
 */
export const buildEquipmentStatus: ReportBuilder = async (context) => {
  const figures = await context.data.figures<EquipmentStatusFigures>(
    SUBJECTS.equipment.reportStatus,
    context.scope,
    context.user,
  );
  const notServiceable = await pagedTable<NotServiceableDeviceRow>(
    context,
    SUBJECTS.equipment.reportNotServiceable,
    {
      title: 'Devices not serviceable',
      columns: [
        { header: 'Device', type: 'text', width: 28 },
        { header: 'Serial number', type: 'text', width: 16 },
        { header: 'Department', type: 'text', width: 18 },
        { header: 'Category', type: 'text', width: 14 },
        { header: 'Status', type: 'text', width: 16 },
        { header: 'Since', type: 'date' },
        { header: 'Days', type: 'integer' },
      ],
      note: 'Days in the present status, counted from its last change.',
    },
    (row) => [
      row.name,
      row.serialNumber,
      row.department,
      row.category,
      row.status,
      calendarDateIn(context.scope.timeZone, new Date(row.since)),
      row.days,
    ],
  );
  const warranties = await pagedTable<ExpiringWarrantyRow>(
    context,
    SUBJECTS.equipment.reportWarranties,
    {
      title: 'Warranties expiring',
      columns: [
        { header: 'Device', type: 'text', width: 28 },
        { header: 'Serial number', type: 'text', width: 16 },
        { header: 'Manufacturer', type: 'text', width: 16 },
        { header: 'Department', type: 'text', width: 18 },
        { header: 'Warranty expiry', type: 'date' },
        { header: 'Days left', type: 'integer' },
      ],
      note: `Warranties ending from today to ${WARRANTY_WINDOW_DAYS} days ahead.`,
    },
    (row) => [row.name, row.serialNumber, row.manufacturer, row.department, row.warrantyExpiry, row.daysLeft],
  );

  const serviceable = figures.byStatus.Serviceable;
  const summary = [
    `The inventory holds ${count(figures.total)} devices: ${count(serviceable)} serviceable (${percent(
      share(serviceable, figures.total),
    )}), ${count(figures.byStatus['Under Maintenance'])} under maintenance, ${count(
      figures.byStatus.Unserviceable,
    )} unserviceable, ${count(figures.byStatus.Decommissioned)} decommissioned and ${count(
      figures.byStatus.Auctioned,
    )} auctioned.`,
    `${count(figures.notServiceable)} devices are not in service now; ${count(
      figures.warrantiesExpiring,
    )} warranties end within ${WARRANTY_WINDOW_DAYS} days. The counts are the inventory as it stood when the report was made, not over the period.`,
  ];
  const blocks: ReportBlock[] = [
    {
      kind: 'figures',
      title: 'Key figures',
      figures: [
        { label: 'Devices', value: count(figures.total) },
        ...EQUIPMENT_STATUSES.map((status) => ({ label: status, value: count(figures.byStatus[status]) })),
        { label: 'Serviceable share', value: percent(share(serviceable, figures.total)) },
        {
          label: `Warranties ending within ${WARRANTY_WINDOW_DAYS} days`,
          value: count(figures.warrantiesExpiring),
        },
      ],
    },
  ];
  if (context.options.visuals.charts && figures.total > 0)
    blocks.push(
      {
        kind: 'chart',
        title: 'Devices by status',
        chart: {
          type: 'pie',
          slices: EQUIPMENT_STATUSES.map((status) => ({
            label: status,
            value: figures.byStatus[status],
          })).filter((slice) => slice.value > 0),
        },
      },
      {
        kind: 'chart',
        title: 'Devices by department and status',
        chart: {
          type: 'bar',
          stacked: true,
          categories: figures.byDepartment.map((row) => row.name),
          series: EQUIPMENT_STATUSES.map((status) => ({
            name: status,
            values: figures.byDepartment.map((row) => row.counts[status]),
          })),
          unit: 'devices',
        },
      },
    );
  blocks.push(
    fixedTable(
      'By department',
      [
        { header: 'Department', type: 'text', width: 24 },
        ...statusColumns,
        { header: 'Total', type: 'integer' },
      ],
      figures.byDepartment.map((row) => countsRow(row.name, row.total, row.counts)),
    ),
    fixedTable(
      'By category',
      [
        { header: 'Category', type: 'text', width: 18 },
        ...statusColumns,
        { header: 'Total', type: 'integer' },
      ],
      figures.byCategory.map((row) => countsRow(row.name, row.total, row.counts)),
    ),
    notServiceable,
    warranties,
  );
  return { key: 'equipmentStatus', title: REPORT_TITLES.equipmentStatus, summary, blocks };
};
