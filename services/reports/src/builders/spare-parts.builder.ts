import { REPORT_TITLES, SUBJECTS, type SparePartRow, type SparePartsFigures } from '@caliber/contracts';
import type { Cell, ReportBlock, TableColumn } from '../document/report-document';
import { count, fixedTable, money, pagedTable, scopeWords, type ReportBuilder } from './build-context';

const partColumns: TableColumn[] = [
  { header: 'Part', type: 'text', width: 28 },
  { header: 'Quantity', type: 'integer' },
  { header: 'Uses', type: 'integer' },
  { header: 'Tasks', type: 'integer' },
  { header: 'Devices', type: 'integer' },
  { header: 'Known cost', type: 'currency' },
  { header: 'Uses without a cost', type: 'integer' },
];

const partCells = (row: SparePartRow): Cell[] => [
  row.name,
  row.quantity,
  row.uses,
  row.tasks,
  row.devices,
  row.knownCost,
  row.usesWithoutCost,
];

const COST_NOTE =
  'Known cost adds quantity × unit cost where a unit cost was recorded; uses without a recorded cost are counted, never priced.';

/** Inventory and spare parts: the parts used on work completed in the period, the top ten, by department. */
export const buildSpareParts: ReportBuilder = async (context) => {
  const figures = await context.data.figures<SparePartsFigures>(
    SUBJECTS.maintenance.reportParts,
    context.scope,
    context.user,
  );
  const all = await pagedTable<SparePartRow>(
    context,
    SUBJECTS.maintenance.reportPartRows,
    { title: 'All parts used', columns: partColumns, note: COST_NOTE },
    partCells,
  );
  const summary = [
    `${count(figures.quantity)} parts of ${count(figures.distinctParts)} kinds were used on ${count(figures.tasks)} tasks and ${count(
      figures.devices,
    )} devices in the period (${scopeWords(context.scope)}).`,
    figures.knownCost === null
      ? 'No unit cost was recorded for these parts, so their cost is not stated.'
      : `Their recorded cost is ${money(figures.knownCost, context.currency)}${
          figures.usesWithoutCost
            ? `; ${count(figures.usesWithoutCost)} uses had no recorded cost and are not priced`
            : ''
        }.`,
  ];
  const blocks: ReportBlock[] = [
    {
      kind: 'figures',
      title: 'Key figures',
      figures: [
        { label: 'Parts used', value: count(figures.quantity) },
        { label: 'Kinds of part', value: count(figures.distinctParts) },
        { label: 'Tasks using parts', value: count(figures.tasks) },
        { label: 'Known cost', value: money(figures.knownCost, context.currency) },
        { label: 'Uses without a recorded cost', value: count(figures.usesWithoutCost) },
      ],
    },
  ];
  if (context.options.visuals.charts && figures.top.length)
    blocks.push({
      kind: 'chart',
      title: 'The ten parts used most',
      chart: {
        type: 'bar',
        categories: figures.top.map((row) => row.name),
        series: [{ name: 'Quantity', values: figures.top.map((row) => row.quantity) }],
        unit: 'parts',
      },
    });
  blocks.push(
    fixedTable('Top ten parts', partColumns, figures.top.map(partCells), {
      note: COST_NOTE,
      currency: context.currency,
    }),
    fixedTable(
      'Parts by department',
      [
        { header: 'Department', type: 'text', width: 22 },
        { header: 'Quantity', type: 'integer' },
        { header: 'Uses', type: 'integer' },
        { header: 'Tasks', type: 'integer' },
        { header: 'Known cost', type: 'currency' },
        { header: 'Uses without a cost', type: 'integer' },
      ],
      figures.byDepartment.map((row) => [
        row.name,
        row.quantity,
        row.uses,
        row.tasks,
        row.knownCost,
        row.usesWithoutCost,
      ]),
      { currency: context.currency },
    ),
    all,
  );
  return { key: 'inventorySpareParts', title: REPORT_TITLES.inventorySpareParts, summary, blocks };
};
