import type { DashboardEquipment, DashboardTasks, DigestList } from '@caliber/contracts';
import type { MailMessage } from '@caliber/service-kit';
import { escapeHtml, footerOf, HTML_HEAD, HTML_TAIL, type MessageContext } from '../delivery/messages';

/** The dashboard's figures a digest quotes, as the dashboard's own computations gave them. */
export interface DigestFigures {
  tasks: Pick<
    DashboardTasks,
    'total' | 'pending' | 'inProgress' | 'completed' | 'overdue' | 'awaitingCertification'
  > | null;
  equipment:
    | (Pick<DashboardEquipment, 'total' | 'serviceable' | 'maintenance' | 'unserviceable'> & {
        recalls: DashboardEquipment['recalls'] | null;
      })
    | null;
}

/**
 * What one person's digest says, kept with its notification (its text is made when it is sent,
 * with that person's own links). Only their own tasks and their department's devices and recall
 * actions: no other person's name, e-mail or phone.
 */
export interface DigestContent {
  /** The week's Monday and Sunday on the hospital's calendar. */
  from: string;
  to: string;
  department: string | null;
  overdue: DigestList;
  open: DigestList;
  pmDue: DigestList;
  /** Null when the person has no department. */
  outOfService: DigestList | null;
  recallActions: DigestList | null;
  /** Engineers, Managers and Admins only. */
  figures: DigestFigures | null;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Open tasks in all: the overdue among them. */
export const openCount = (content: DigestContent) => content.open.total + content.overdue.total;

/** The subject, and the bell's title: "Your week in Caliber: 3 open tasks, 1 overdue". */
export function digestTitle(content: DigestContent, productName: string): string {
  return `Your week in ${productName}: ${plural(openCount(content), 'open task')}, ${content.overdue.total} overdue`;
}

/** The bell's line: the counts of each part. */
export function digestSummary(content: DigestContent): string {
  const parts = [
    `${plural(openCount(content), 'open task')} (${content.overdue.total} overdue)`,
    `${plural(content.pmDue.total, 'PM')} due this week`,
  ];
  if (content.outOfService && content.department)
    parts.push(`${plural(content.outOfService.total, 'device')} of ${content.department} out of service`);
  if (content.recallActions) parts.push(plural(content.recallActions.total, 'open recall action'));
  return `${parts.join(', ')}.`.slice(0, 1000);
}

interface Section {
  heading: string;
  list: DigestList;
  /** Each row's record, and the list where the rest are. */
  rowLink: (id: string) => string;
  allLink: string;
  empty: string;
}

function sectionsOf(content: DigestContent): Section[] {
  const task = (id: string) => `/tasks?task=${encodeURIComponent(id)}`;
  const sections: Section[] = [
    {
      heading: 'Overdue',
      list: content.overdue,
      rowLink: task,
      allLink: '/tasks',
      empty: 'Nothing overdue.',
    },
    {
      heading: 'Open tasks',
      list: content.open,
      rowLink: task,
      allLink: '/tasks',
      empty: 'No other open tasks.',
    },
    {
      heading: `PM due this week (${content.from} to ${content.to})`,
      list: content.pmDue,
      rowLink: task,
      allLink: '/tasks',
      empty: 'No PM due this week.',
    },
  ];
  if (content.outOfService && content.department)
    sections.push({
      heading: `Devices of ${content.department} out of service`,
      list: content.outOfService,
      rowLink: (id) => `/equipment/${encodeURIComponent(id)}`,
      allLink: '/equipment',
      empty: 'None: every device is in service or retired.',
    });
  if (content.recallActions && content.department)
    sections.push({
      heading: `Open recall actions in ${content.department}`,
      list: content.recallActions,
      rowLink: (id) => `/equipment/recalls/${encodeURIComponent(id)}`,
      allLink: '/equipment/recalls',
      empty: 'None.',
    });
  return sections;
}

function figureLines(figures: DigestFigures): string[] {
  const lines: string[] = [];
  if (figures.tasks) {
    const t = figures.tasks;
    lines.push(
      `Tasks: ${t.total} in all, ${t.pending} pending, ${t.inProgress} in progress, ${t.completed} completed; ${t.overdue} overdue; ${t.awaitingCertification} awaiting certification.`,
    );
  }
  if (figures.equipment) {
    const e = figures.equipment;
    const recalls = e.recalls
      ? ` Recalls: ${plural(e.recalls.openNotices, 'open notice')}, ${plural(e.recalls.awaitingAction, 'device')} awaiting action.`
      : '';
    lines.push(
      `Equipment: ${e.total} in all, ${e.serviceable} serviceable, ${e.maintenance} under maintenance, ${e.unserviceable} unserviceable.${recalls}`,
    );
  }
  return lines;
}

/**
 * The digest e-mail: text and HTML, each list its first rows with a link to each, "and N more"
 * with a link to the list, the dashboard's figures for the roles that have them, and the footer
 * of every message (Settings, and the one-click stop of the weekly digest).
 */
export function digestEmailOf(
  to: string,
  content: DigestContent,
  context: MessageContext,
  messageId: string,
): MailMessage {
  const url = (path: string) => `${context.publicUrl}${path}`;
  const title = digestTitle(content, context.productName);
  const sections = sectionsOf(content);
  const footer = footerOf(['weeklyDigest'], context);
  const more = (section: Section) => section.list.total - section.list.rows.length;
  const figures = content.figures ? figureLines(content.figures) : [];

  const text = [
    `${title}\nThe week of ${content.from} to ${content.to}.`,
    ...sections.map((section) =>
      [
        `${section.heading} (${section.list.total})`,
        ...(section.list.total === 0 ? [section.empty] : []),
        ...section.list.rows.map((row) => `- ${row.title}: ${row.detail}\n  ${url(section.rowLink(row.id))}`),
        ...(more(section) > 0 ? [`and ${more(section)} more: ${url(section.allLink)}`] : []),
      ].join('\n'),
    ),
    ...(figures.length ? [['Figures (as on your dashboard)', ...figures].join('\n')] : []),
    `Open ${context.productName}: ${url('/')}`,
    ...footer.text,
  ].join('\n\n');

  const html = [
    HTML_HEAD,
    `<h2 style="margin:0 0 4px">${escapeHtml(title)}</h2><p style="margin-top:0">The week of ${escapeHtml(content.from)} to ${escapeHtml(content.to)}.</p>`,
    ...sections.map(
      (section) =>
        `<h3 style="margin-bottom:4px">${escapeHtml(section.heading)} (${section.list.total})</h3>` +
        (section.list.total === 0 ? `<p style="margin-top:0">${escapeHtml(section.empty)}</p>` : '') +
        (section.list.rows.length
          ? `<ul style="margin-top:0">${section.list.rows
              .map(
                (row) =>
                  `<li><a href="${escapeHtml(url(section.rowLink(row.id)))}">${escapeHtml(row.title)}</a>: ${escapeHtml(row.detail)}</li>`,
              )
              .join('')}</ul>`
          : '') +
        (more(section) > 0
          ? `<p><a href="${escapeHtml(url(section.allLink))}">and ${more(section)} more</a></p>`
          : ''),
    ),
    figures.length
      ? `<h3 style="margin-bottom:4px">Figures (as on your dashboard)</h3><p style="margin-top:0">${figures.map(escapeHtml).join('<br>')}</p>`
      : '',
    `<p><a href="${escapeHtml(url('/'))}">Open ${escapeHtml(context.productName)}</a></p>`,
    footer.html,
    HTML_TAIL,
  ].join('');
  return { to, subject: title.slice(0, 200), text, html, messageId, ...footer.headers };
}
