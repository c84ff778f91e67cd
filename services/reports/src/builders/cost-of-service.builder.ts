import {
  COST_OF_SERVICE_REFUSAL,
  costOfServiceDays,
  costOfServiceRatioText,
  CostOfServiceTally,
  readsCosts,
  REPLACEMENT_REPAIR_SHARE,
  REPLACEMENT_WINDOW_DAYS,
  REPORT_TITLES,
  type CostOfServiceFigures,
  type DeviceOwnershipRow,
} from '@caliber/contracts';
import { deviceCosts, type DeviceCost } from '../cost-of-service/device-costs';
import type { Cell, ReportBlock, TableBlock, TableColumn } from '../document/report-document';
import { count, fixedTable, money, percent, scopeWords, type ReportBuilder } from './build-context';

/**
 * The flagged devices the report lists, at most: a department with more has a plan to make, not a
 * list to read, and the figures still count every one.
 */
const MAX_FLAGGED_ROWS = 2000;

/** A ratio as the summary writes it ("11.5%", or "—" where there is none), as the dashboard does. */
const ratioWords = costOfServiceRatioText;

/** A model as people name it: its manufacturer and model, one key whatever their case. */
const modelKey = (device: DeviceOwnershipRow) =>
  `${device.manufacturer.trim().toLowerCase()}\u0000${device.model.trim().toLowerCase()}`;
const modelName = (device: DeviceOwnershipRow) => `${device.manufacturer} ${device.model}`.trim();

class GroupTallies {
  private readonly groups = new Map<string, { name: string; tally: CostOfServiceTally }>();

  add(key: string, name: string, cost: DeviceCost): void {
    let group = this.groups.get(key);
    if (!group) {
      group = { name, tally: new CostOfServiceTally() };
      this.groups.set(key, group);
    }
    group.tally.add(cost.device, cost.work, cost.flagged);
  }

  rows(): { name: string; figures: CostOfServiceFigures }[] {
    return [...this.groups.values()]
      .map((group) => ({ name: group.name, figures: group.tally.figures() }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

/** A group's ratio, in as few columns as a printed page holds. */
const GROUP_COLUMNS: TableColumn[] = [
  { header: 'Devices', type: 'integer' },
  { header: 'Acquisition cost', type: 'currency' },
  { header: 'Service cost', type: 'currency' },
  { header: 'COSR', type: 'percent' },
  { header: 'Devices without acquisition cost', type: 'integer' },
  { header: 'Their service cost', type: 'currency' },
  { header: 'Flagged', type: 'integer' },
];

function groupCells(figures: CostOfServiceFigures): Cell[] {
  return [
    figures.devices,
    figures.acquisitionCost,
    figures.serviceCost,
    figures.ratio,
    figures.devices - figures.devicesWithCost,
    figures.serviceCostWithoutAcquisition,
    figures.flagged,
  ];
}

/** What a group's service cost is made of. */
const MAKEUP_COLUMNS: TableColumn[] = [
  { header: 'Labour', type: 'currency' },
  { header: 'Parts', type: 'currency' },
  { header: 'Vendor charges', type: 'currency' },
  { header: 'Contracts', type: 'currency' },
  { header: 'Service cost', type: 'currency' },
];

function makeupCells(figures: CostOfServiceFigures): Cell[] {
  return [
    figures.labourCost,
    figures.partsCost,
    figures.vendorCost,
    figures.contractCost,
    figures.serviceCost,
  ];
}

/** One device's figures: its ratio, as a group of one gives it. */
function deviceCells(cost: DeviceCost): Cell[] {
  const tally = new CostOfServiceTally();
  tally.add(cost.device, cost.work, cost.flagged);
  const figures = tally.figures();
  return [
    cost.device.name,
    cost.device.serialNumber,
    cost.device.department,
    cost.device.acquisitionCost,
    // One device's cost is in the ratio or outside it, never both.
    figures.serviceCost + figures.serviceCostWithoutAcquisition,
    figures.ratio,
    cost.work?.repairCostYear ? cost.work.repairCostYear : null,
    cost.flagged ? 'Yes' : 'No',
  ];
}

const DEVICE_COLUMNS: TableColumn[] = [
  { header: 'Device', type: 'text', width: 22 },
  { header: 'Serial number', type: 'text', width: 14 },
  { header: 'Department', type: 'text', width: 14 },
  { header: 'Acquisition cost', type: 'currency' },
  { header: 'Service cost', type: 'currency' },
  { header: 'COSR', type: 'percent' },
  { header: `Repairs, last ${REPLACEMENT_WINDOW_DAYS} days`, type: 'currency' },
  { header: 'Flagged', type: 'text' },
];

/**
 * The cost of service ratio over the period, for the hospital and by department, category, model
 * and device: the in-house labour (priced at the rates in force when the work was done), parts and
 * vendors' charges of the work completed in the period, and the devices' share of the service
 * contracts running in it, over what the devices cost to acquire. Devices without a recorded
 * acquisition cost are counted and their cost said, outside every ratio. A device is flagged for
 * replacement planning when its repairs over the year to the period's end pass half its
 * acquisition cost. Costs are for Engineers, Managers and Admins; anyone else's report says so.
 */
export const buildCostOfService: ReportBuilder = async (context) => {
  const title = REPORT_TITLES.costOfService;
  if (!readsCosts(context.user.role))
    return { key: 'costOfService', title, summary: [COST_OF_SERVICE_REFUSAL], blocks: [] };

  const hospital = new CostOfServiceTally();
  const departments = new GroupTallies();
  const categories = new GroupTallies();
  const models = new GroupTallies();
  const flagged: Cell[][] = [];
  let flaggedCount = 0;
  // The device table is written after the figures above it, from the rows read for them: the two
  // services are asked for each page once, and the rows wait on disk rather than in memory.
  const deviceRows = context.scratch.rows();
  for await (const page of deviceCosts(context.data, context.scope, context.user)) {
    await deviceRows.write(page.map(deviceCells));
    for (const cost of page) {
      hospital.add(cost.device, cost.work, cost.flagged);
      departments.add(cost.device.department, cost.device.department, cost);
      categories.add(cost.device.category, cost.device.category, cost);
      models.add(modelKey(cost.device), modelName(cost.device), cost);
      if (!cost.flagged) continue;
      flaggedCount += 1;
      if (flagged.length < MAX_FLAGGED_ROWS) flagged.push(deviceCells(cost));
    }
  }
  const total = hospital.figures();
  const currency = context.currency;
  // Up to today when the period runs on past it, as the work and the contracts are counted.
  const days = costOfServiceDays(context.scope);

  const summary = [
    `Over the period (${scopeWords(context.scope)}), keeping ${count(total.devicesWithCost)} devices with a recorded acquisition cost of ${money(
      total.acquisitionCost,
      currency,
    )} in service cost ${money(total.serviceCost, currency)}: in-house labour ${money(total.labourCost, currency)}, parts ${money(
      total.partsCost,
      currency,
    )}, vendors' charges ${money(total.vendorCost, currency)} and service contracts ${money(
      total.contractCost,
      currency,
    )}. The cost of service ratio is ${ratioWords(total.ratio)}${
      total.ratio === null ? ' (no device has a recorded acquisition cost)' : ''
    }${
      days >= 365
        ? '; well-run departments sit around 3–7% over a year.'
        : `, over the ${count(days)} days counted; well-run departments sit around 3–7% over a whole year, so compare a year's report with it.`
    }`,
    total.devices > total.devicesWithCost
      ? `${count(total.devices - total.devicesWithCost)} devices have no recorded acquisition cost: their service cost of ${money(
          total.serviceCostWithoutAcquisition,
          currency,
        )} is not in any ratio. The report does not estimate what was not recorded.`
      : 'Every device has a recorded acquisition cost.',
    `${count(total.flagged)} devices are flagged for replacement planning: their repairs over the ${REPLACEMENT_WINDOW_DAYS} days to the period's end cost more than ${percent(
      REPLACEMENT_REPAIR_SHARE,
    )} of their acquisition cost.${
      total.tasksWithUnpricedHours
        ? ` ${count(total.tasksWithUnpricedHours)} tasks have hours without a price and are not in the labour cost.`
        : ''
    }`,
  ];

  const devices: TableBlock = {
    kind: 'table',
    title: 'Cost of service per device',
    columns: DEVICE_COLUMNS,
    currency,
    totalRows: total.devices,
    note: 'Service cost: labour, parts and vendors’ charges of the work completed in the period, and the device’s share of its contracts. COSR is the service cost over the acquisition cost; "—" where none is recorded.',
    rows: () => deviceRows.read(),
  };

  const blocks: ReportBlock[] = [
    {
      kind: 'figures',
      title: 'Key figures',
      figures: [
        { label: 'Cost of service ratio', value: ratioWords(total.ratio) },
        { label: 'Service cost', value: money(total.serviceCost, currency) },
        { label: 'Acquisition cost', value: money(total.acquisitionCost, currency) },
        { label: 'Devices with an acquisition cost', value: count(total.devicesWithCost) },
        { label: 'Devices without one', value: count(total.devices - total.devicesWithCost) },
        { label: 'Flagged for replacement', value: count(total.flagged) },
      ],
    },
  ];
  const byDepartment = departments.rows();
  // A department without an acquisition cost has no ratio: left out, not drawn as 0%.
  const charted = byDepartment.filter((row) => row.figures.ratio !== null);
  if (context.options.visuals.charts && charted.length > 0)
    blocks.push({
      kind: 'chart',
      title: 'Cost of service ratio by department',
      chart: {
        type: 'bar',
        categories: charted.map((row) => row.name),
        series: [
          {
            name: 'COSR (%)',
            values: charted.map((row) => Math.round((row.figures.ratio ?? 0) * 1000) / 10),
          },
        ],
        unit: '%',
      },
    });
  const extra = { currency };
  blocks.push(
    fixedTable(
      'Service cost by kind',
      [{ header: 'Department', type: 'text', width: 18 }, ...MAKEUP_COLUMNS],
      byDepartment.map((row) => [row.name, ...makeupCells(row.figures)]),
      {
        currency,
        note: 'Of the devices with a recorded acquisition cost. Labour is priced by the rates in force when the work was done; a contract’s cost in the period is split evenly over the devices it covers now.',
      },
    ),
    fixedTable(
      'By department',
      [{ header: 'Department', type: 'text', width: 18 }, ...GROUP_COLUMNS],
      byDepartment.map((row) => [row.name, ...groupCells(row.figures)]),
      extra,
    ),
    fixedTable(
      'By category',
      [{ header: 'Category', type: 'text', width: 16 }, ...GROUP_COLUMNS],
      categories.rows().map((row) => [row.name, ...groupCells(row.figures)]),
      extra,
    ),
    fixedTable(
      'By model',
      [{ header: 'Model', type: 'text', width: 22 }, ...GROUP_COLUMNS],
      models.rows().map((row) => [row.name, ...groupCells(row.figures)]),
      extra,
    ),
    fixedTable('Flagged for replacement', DEVICE_COLUMNS, flagged, {
      currency,
      note:
        flaggedCount > flagged.length
          ? `The first ${count(flagged.length)} of ${count(flaggedCount)} flagged devices.`
          : `Repairs over the ${REPLACEMENT_WINDOW_DAYS} days to the period's end cost more than ${percent(
              REPLACEMENT_REPAIR_SHARE,
            )} of the acquisition cost.`,
    }),
    devices,
  );
  return { key: 'costOfService', title, summary, blocks };
};
