import { calendarDateIn, SUBJECTS, type RecallReportFigures } from '@caliber/contracts';
import type { ReportBlock } from '../document/report-document';
import { count, fixedTable, type BuildContext } from './build-context';

const listed = (shown: number, total: number, what: string) =>
  total > shown
    ? `The first ${count(shown)} of ${count(total)} ${what} are listed; the Recalls screen lists them all.`
    : undefined;

/**
 * The compliance audit's recalls and field safety notices, as the equipment service answers them:
 * the notices open now and those closed in the period, each with its affected devices and how many
 * are closed; then every open action with the days it has been open (oldest first). Recalls are
 * hospital-wide: the report's department and category filters do not narrow them.
 */
export async function recallSection(
  context: BuildContext,
): Promise<{ summary: string; blocks: ReportBlock[] }> {
  const figures = await context.data.figures<RecallReportFigures>(
    SUBJECTS.equipment.reportRecalls,
    context.scope,
    context.user,
  );
  const open = figures.notices.filter((notice) => notice.state === 'open');
  const closedInPeriod = figures.notices.filter((notice) => notice.closedInPeriod);
  const summary = `${count(open.length)} recalls or field safety notices are open with ${count(
    figures.openActionsTotal,
  )} devices awaiting action; ${count(closedInPeriod.length)} were closed in the period.`;
  const blocks: ReportBlock[] = [
    fixedTable(
      'Recalls and field safety notices',
      [
        { header: 'Reference', type: 'text', width: 16 },
        { header: 'Source', type: 'text', width: 12 },
        { header: 'Title', type: 'text', width: 28 },
        { header: 'Manufacturer', type: 'text', width: 14 },
        { header: 'Published', type: 'date' },
        { header: 'State', type: 'text', width: 8 },
        { header: 'Closed', type: 'date' },
        { header: 'Devices affected', type: 'integer' },
        { header: 'Actions closed', type: 'integer' },
      ],
      figures.notices.map((notice) => [
        notice.sourceReference,
        notice.source,
        notice.title,
        notice.manufacturer,
        notice.publishedOn,
        notice.state === 'open' ? 'Open' : 'Closed',
        notice.closedAt ? calendarDateIn(context.scope.timeZone, new Date(notice.closedAt)) : null,
        notice.affected,
        notice.closed,
      ]),
      {
        note: 'Open notices, and those whose last affected device was closed in the period. A device is closed with a completed task on it or a written decision.',
      },
    ),
    fixedTable(
      'Recall actions awaiting closure',
      [
        { header: 'Device', type: 'text', width: 24 },
        { header: 'Serial number', type: 'text', width: 14 },
        { header: 'Department', type: 'text', width: 16 },
        { header: 'Recall', type: 'text', width: 28 },
        { header: 'Reference', type: 'text', width: 16 },
        { header: 'Days open', type: 'integer' },
      ],
      figures.openActions.map((row) => [
        row.deviceName,
        row.serialNumber,
        row.department,
        row.recallTitle,
        row.sourceReference,
        row.daysOpen,
      ]),
      { note: listed(figures.openActions.length, figures.openActionsTotal, 'open actions') },
    ),
  ];
  return { summary, blocks };
}
