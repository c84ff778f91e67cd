/**
 * A small fixed report the writers' tests share: two sections with every kind of block and every
 * column type, a 120-row table served in pages of 25, a chart of each type (a forecast among
 * them) and a heat map. Not a spec file itself, so Jest does not run it.
 */
import type { ReportFormat } from '@caliber/contracts';
import type { Cell, ReportDocument, ReportDocumentOptions, TableBlock, TableColumn } from './report-document';

export const LONG_TABLE_TITLE = 'Devices not serviceable';
export const EMPTY_TABLE_TITLE = 'Open service calls';
export const LONG_TABLE_ROWS = 120;

export const DEVICE_COLUMNS: TableColumn[] = [
  { header: 'Asset tag', type: 'text' },
  { header: 'Device', type: 'text' },
  { header: 'Department', type: 'text' },
  { header: 'Out of service since', type: 'date' },
  { header: 'Last service', type: 'datetime' },
  { header: 'Downtime hours', type: 'hours' },
  { header: 'Repairs', type: 'integer' },
  { header: 'Uptime', type: 'percent' },
  { header: 'Repair cost', type: 'currency' },
  { header: 'Mean days to repair', type: 'decimal' },
];

const DEPARTMENTS = ['ICU', 'NICU', 'Radiology', 'Emergency', 'Operating theatres', 'Cardiology'];
const DEVICES = ['Infusion pump', 'Patient monitor', 'Ventilator', 'Defibrillator', 'Ultrasound scanner'];

export const assetTag = (index: number) => `BME-${String(index).padStart(4, '0')}`;

/** Row `index` (1-based) of the devices table: every seventh has no recorded cost. */
export function deviceRow(index: number): Cell[] {
  const day = ((index - 1) % 28) + 1;
  return [
    assetTag(index),
    index === 3
      ? 'Anaesthesia workstation with integrated ventilator, vaporiser mounts and an auxiliary oxygen flowmeter on the left side rail'
      : `${DEVICES[index % DEVICES.length]} ${index}`,
    DEPARTMENTS[index % DEPARTMENTS.length] ?? null,
    `2026-02-${String(day).padStart(2, '0')}`,
    `2026-01-${String(day).padStart(2, '0')}T09:30:00Z`,
    index * 1.5,
    index % 5,
    0.9 + (index % 10) / 100,
    index % 7 === 0 ? null : 1000 + index * 12.5,
    index % 4 === 0 ? null : 2 + index / 10,
  ];
}

/** A table of `count` device rows served in pages of `pageSize`, as the builders serve them. */
export function devicesTable(count: number, pageSize = 25, withTotal = true): TableBlock {
  return {
    kind: 'table',
    title: LONG_TABLE_TITLE,
    columns: DEVICE_COLUMNS,
    currency: 'USD',
    totalRows: withTotal ? count : undefined,
    note: 'Downtime counts from the report of the fault to the return to service.',
    rows: async function* () {
      for (let first = 1; first <= count; first += pageSize) {
        const page: Cell[][] = [];
        for (let index = first; index < Math.min(count + 1, first + pageSize); index++)
          page.push(deviceRow(index));
        yield page;
      }
    },
  };
}

const MONTHS = ['Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026'];

export function testDocument(
  format: ReportFormat,
  options: Partial<ReportDocumentOptions> = {},
): ReportDocument {
  return {
    title: 'Caliber maintenance report',
    productName: 'Caliber CMMS',
    generatedAt: new Date('2026-04-02T07:15:00Z'),
    generatedFor: 'Dr. Amina Haddad',
    period: { from: '2026-01-01', to: '2026-03-31' },
    filterLines: ['Departments: ICU, NICU, Radiology', 'Categories: Life support, Diagnostic'],
    options: {
      format,
      charts: true,
      summary: true,
      interactiveExport: false,
      trendPrediction: true,
      heatMaps: true,
      ...options,
    },
    sections: [
      {
        key: 'equipmentStatus',
        title: 'Equipment status',
        summary: [
          '412 devices are in service and 120 are not serviceable at the end of the period.',
          'The figures cover the ICU, NICU and Radiology departments, life-support and diagnostic equipment.',
        ],
        blocks: [
          {
            kind: 'figures',
            title: 'Key figures',
            figures: [
              { label: 'Devices in inventory', value: '532' },
              { label: 'In service', value: '412' },
              { label: 'Not serviceable', value: '120' },
              { label: 'Availability', value: '77.4%' },
              { label: 'Repair cost this period', value: 'USD 186,250.00' },
              { label: 'Warranties expiring within 90 days', value: '14' },
            ],
          },
          devicesTable(LONG_TABLE_ROWS),
          {
            kind: 'chart',
            title: 'Devices by status',
            chart: {
              type: 'pie',
              slices: [
                { label: 'In service', value: 412 },
                { label: 'Under repair', value: 71 },
                { label: 'Awaiting parts', value: 33 },
                { label: 'Condemned', value: 16 },
              ],
            },
          },
          {
            kind: 'chart',
            title: 'Preventive and corrective tasks by department',
            chart: {
              type: 'bar',
              categories: DEPARTMENTS,
              series: [
                { name: 'Preventive', values: [42, 31, 28, 19, 35, 22] },
                { name: 'Corrective', values: [12, 9, 15, 21, 8, 11] },
              ],
              unit: 'tasks',
            },
          },
          { kind: 'note', text: 'Devices on loan from suppliers are not part of the inventory.' },
        ],
      },
      {
        key: 'downtimeAnalysis',
        title: 'Downtime analysis',
        summary: ['Downtime fell by 18% from January to March; the ICU accounts for a third of it.'],
        blocks: [
          {
            kind: 'figures',
            title: 'Downtime',
            figures: [
              { label: 'Total downtime', value: '1,284.5 hours' },
              { label: 'Mean time to repair', value: '3.2 days' },
              { label: 'Longest outage', value: '—' },
              { label: 'Devices affected', value: '96' },
            ],
          },
          {
            kind: 'chart',
            title: 'Downtime hours by month',
            chart: {
              type: 'line',
              categories: MONTHS,
              series: [
                { name: 'Downtime hours', values: [480, 430, 374.5, null, null, null] },
                { name: 'Downtime hours', values: [null, null, 374.5, 327.3, 274.3, 221.3], forecast: true },
              ],
              unit: 'hours',
            },
          },
          {
            kind: 'chart',
            title: 'Downtime causes by month',
            chart: {
              type: 'bar',
              stacked: true,
              categories: MONTHS.slice(0, 3),
              series: [
                { name: 'Awaiting parts', values: [210, 190, 150] },
                { name: 'Repair', values: [180, 160, 140.5] },
                { name: 'Awaiting vendor', values: [90, 80, 84] },
              ],
              unit: 'hours',
            },
          },
          {
            kind: 'heatmap',
            title: 'Downtime hours by department and month',
            rowLabels: DEPARTMENTS,
            columnLabels: MONTHS.slice(0, 3),
            values: [
              [160, 140, 120],
              [40, null, 35],
              [90, 85, 70],
              [110, 95, 80.5],
              [50, 60, 44],
              [30, 50, null],
            ],
            unit: 'downtime hours',
          },
          {
            kind: 'table',
            title: EMPTY_TABLE_TITLE,
            columns: [
              { header: 'Call', type: 'text' },
              { header: 'Opened', type: 'date' },
              { header: 'Hours open', type: 'hours' },
            ],
            // No rows at all: the writers still show the header.
            rows: async function* () {
              yield* [];
            },
            note: 'Service calls still open at the end of the period.',
          },
          { kind: 'note', text: 'No spare-part costs are recorded for this period.' },
        ],
      },
    ],
  };
}
