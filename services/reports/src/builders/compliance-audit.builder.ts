import {
  calendarDateIn,
  REPORT_TITLES,
  SUBJECTS,
  type AwaitingCertificationRow,
  type CertificationFigures,
  type InventoryRiskRow,
} from '@caliber/contracts';
import type { ReportBlock, TableColumn } from '../document/report-document';
import { count, fixedTable, pagedTable, percent, scopeWords, type ReportBuilder } from './build-context';
import { pmCompliance } from './compliance-pm.section';
import { complianceSafetySection } from './compliance-safety.section';
import { auditTrailIntegrity } from './compliance-audit-trail.section';
import { recallSection } from './compliance-recalls.section';

const figuresColumns: TableColumn[] = [
  { header: 'Devices', type: 'text', width: 18 },
  { header: 'Due', type: 'integer' },
  { header: 'On time', type: 'integer' },
  { header: 'Late', type: 'integer' },
  { header: 'Missed', type: 'integer' },
  { header: 'Pending', type: 'integer' },
  { header: 'Completion on time', type: 'percent' },
];

const listed = (shown: number, total: number) =>
  total > shown
    ? `The first ${shown} of ${total} are listed; the Maintenance page lists them all.`
    : undefined;

/**
 * Compliance audit, as a surveyor asks for it: PM completion overall, for high-risk and for
 * life-support devices; overdue PMs; devices in the PM program without a plan; work awaiting
 * certification and certifications by engineer; the inventory with its risk class.
 */
export const buildComplianceAudit: ReportBuilder = async (context) => {
  const { figures, overdue, unplanned } = await pmCompliance(context);
  const certification = await context.data.figures<CertificationFigures>(
    SUBJECTS.maintenance.reportCertification,
    context.scope,
    context.user,
  );
  const awaiting = await pagedTable<AwaitingCertificationRow>(
    context,
    SUBJECTS.maintenance.reportAwaitingCertification,
    {
      title: 'Awaiting certification',
      columns: [
        { header: 'Task', type: 'text', width: 26 },
        { header: 'Type', type: 'text', width: 10 },
        { header: 'Device', type: 'text', width: 24 },
        { header: 'Department', type: 'text', width: 16 },
        { header: 'Completed', type: 'date' },
        { header: 'Days waiting', type: 'integer' },
        { header: 'Technician', type: 'text', width: 16 },
      ],
    },
    (row) => [
      row.title,
      row.taskType,
      `${row.equipmentName} (${row.serialNumber})`,
      row.department,
      calendarDateIn(context.scope.timeZone, new Date(row.completedDate)),
      row.daysWaiting,
      row.assignedTo,
    ],
  );
  const inventory = await pagedTable<InventoryRiskRow>(
    context,
    SUBJECTS.equipment.reportInventory,
    {
      title: 'Inventory and risk',
      columns: [
        { header: 'Device', type: 'text', width: 22 },
        { header: 'Serial number', type: 'text', width: 14 },
        { header: 'Manufacturer', type: 'text', width: 14 },
        { header: 'Model', type: 'text', width: 12 },
        { header: 'Department', type: 'text', width: 16 },
        { header: 'Category', type: 'text', width: 12 },
        { header: 'Status', type: 'text', width: 14 },
        { header: 'Risk class', type: 'text', width: 10 },
        { header: 'EM number', type: 'integer' },
        { header: 'Life support', type: 'text', width: 8 },
        { header: 'High risk', type: 'text', width: 8 },
        { header: 'In PM program', type: 'text', width: 8 },
      ],
      note: 'Risk class from the Fennigkoh–Smith equipment management number; "—" where the device has not been assessed.',
    },
    (row) => [
      row.name,
      row.serialNumber,
      row.manufacturer,
      row.model,
      row.department,
      row.category,
      row.status,
      row.riskClass,
      row.emNumber,
      row.lifeSupport ? 'Yes' : 'No',
      row.highRisk ? 'Yes' : 'No',
      row.inPmProgram ? 'Yes' : 'No',
    ],
  );
  const integrity = await auditTrailIntegrity(context);
  const { overall, highRisk, lifeSupport } = figures;
  const safety = await complianceSafetySection(context);
  const recalls = await recallSection(context);
  const summary = [
    `PM completed on time in the period (${scopeWords(context.scope)}): ${percent(overall.rate)} overall, ${percent(
      highRisk.rate,
    )} for high-risk devices and ${percent(lifeSupport.rate)} for life-support devices, of the occurrences due by today.`,
    `${count(overdue.total)} PM occurrences are overdue now and ${count(unplanned.total)} devices in the PM program have no plan. ${count(
      certification.awaiting,
    )} completed tasks await an engineer's certification; ${count(certification.certified)} certifications were given in the period.`,
    safety.summary,
    recalls.summary,
  ];
  const blocks: ReportBlock[] = [
    {
      kind: 'figures',
      title: 'Key figures',
      figures: [
        { label: 'PM on time, overall', value: percent(overall.rate) },
        { label: 'PM on time, high-risk devices', value: percent(highRisk.rate) },
        { label: 'PM on time, life-support devices', value: percent(lifeSupport.rate) },
        { label: 'Overdue PM occurrences', value: count(overdue.total) },
        { label: 'Devices in the PM program without a plan', value: count(unplanned.total) },
        { label: 'Awaiting certification', value: count(certification.awaiting) },
      ],
    },
  ];
  if (context.options.visuals.charts)
    blocks.push({
      kind: 'chart',
      title: 'PM occurrences by outcome',
      chart: {
        type: 'bar',
        stacked: true,
        categories: ['Overall', 'High-risk', 'Life-support'],
        series: (['onTime', 'late', 'missed', 'pending'] as const).map((key) => ({
          name: { onTime: 'On time', late: 'Late', missed: 'Missed', pending: 'Pending' }[key],
          values: [overall[key], highRisk[key], lifeSupport[key]],
          tone: ({ onTime: 'good', late: 'warning', missed: 'bad', pending: 'neutral' } as const)[key],
        })),
        unit: 'occurrences',
      },
    });
  blocks.push(
    fixedTable(
      'PM completion',
      figuresColumns,
      (
        [
          ['All devices', overall],
          ['High-risk devices', highRisk],
          ['Life-support devices', lifeSupport],
        ] as const
      ).map(([label, row]) => [label, row.due, row.onTime, row.late, row.missed, row.pending, row.rate]),
      {
        note: 'On time: completed on or before the due date. Missed: not completed by its due date, or cancelled. The rate leaves out occurrences not yet due.',
      },
    ),
    fixedTable(
      'Overdue PM',
      [
        { header: 'Task', type: 'text', width: 24 },
        { header: 'Device', type: 'text', width: 24 },
        { header: 'Department', type: 'text', width: 16 },
        { header: 'Due', type: 'date' },
        { header: 'Days overdue', type: 'integer' },
        { header: 'Life support', type: 'text', width: 8 },
        { header: 'High risk', type: 'text', width: 8 },
        { header: 'Assigned to', type: 'text', width: 16 },
      ],
      overdue.items.map((item) => [
        item.title,
        `${item.equipment.name} (${item.equipment.serialNumber})`,
        item.equipment.department,
        item.dueDate,
        item.daysOverdue,
        item.lifeSupport ? 'Yes' : 'No',
        item.highRisk ? 'Yes' : 'No',
        item.assignedTo?.name ?? null,
      ]),
      { note: listed(overdue.items.length, overdue.total) },
    ),
    fixedTable(
      'In the PM program without a plan',
      [
        { header: 'Device', type: 'text', width: 24 },
        { header: 'Serial number', type: 'text', width: 14 },
        { header: 'Department', type: 'text', width: 16 },
        { header: 'Category', type: 'text', width: 12 },
        { header: 'Risk class', type: 'text', width: 10 },
        { header: 'Life support', type: 'text', width: 8 },
      ],
      unplanned.items.map((device) => [
        device.name,
        device.serialNumber,
        device.department,
        device.category,
        device.riskClass,
        device.lifeSupport ? 'Yes' : 'No',
      ]),
      { note: listed(unplanned.items.length, unplanned.total) },
    ),
    awaiting,
    fixedTable(
      'Certifications by engineer',
      [
        { header: 'Engineer', type: 'text', width: 24 },
        { header: 'Certifications', type: 'integer' },
      ],
      certification.byEngineer.map((row) => [row.name, row.certified]),
    ),
    ...safety.blocks,
    ...recalls.blocks,
    inventory,
    integrity,
  );
  return { key: 'complianceAudit', title: REPORT_TITLES.complianceAudit, summary, blocks };
};
