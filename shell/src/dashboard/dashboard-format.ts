import {
  DASHBOARD_TREND_DAYS,
  EQUIPMENT_STATUSES,
  trendOf,
  type DashboardSystem,
  type EquipmentStatus,
  type SystemCheck,
} from '@caliber/contracts';
import type { BadgeTone } from '@caliber/ui-kit';

/** The typographic minus, so '−3.0%' reads as a negative figure and not as a dash. */
const MINUS = '\u2212';

/**
 * A figure's fraction as a percentage with one decimal (0.125 → '12.5'). Rounded twice: first to a
 * millionth, which absorbs binary fractions (0.0295 is 0.02949…), then to the tenth shown.
 */
function tenthsOfPercent(fraction: number): number {
  return Math.round(Math.round(Math.abs(fraction) * 1_000_000) / 1000);
}

/**
 * A stat card's trend line: '+12.5% vs 30 days ago', '−3.0% vs 30 days ago', 'No change vs 30 days
 * ago'. Null (no line at all) where `trendOf` found nothing to compare: a card never shows a trend
 * it does not have. A change too small to show in tenths says '<0.1%' rather than a false '0.0%'.
 */
export function trendText(trend: number | null): string | null {
  if (trend === null || !Number.isFinite(trend)) return null;
  const since = `vs ${DASHBOARD_TREND_DAYS} days ago`;
  if (trend === 0) return `No change ${since}`;
  const tenths = tenthsOfPercent(trend);
  const amount = tenths === 0 ? '<0.1' : (tenths / 10).toFixed(1);
  return `${trend > 0 ? '+' : MINUS}${amount}% ${since}`;
}

/**
 * A stat card's trend line: the change in per cent, or, where there were none 30 days ago and
 * there are some now, how many more ('+6 (none 30 days ago)'): a real change no percentage can
 * say. Null where there is nothing to compare (no earlier figure, or none then and none now).
 */
export function statTrendText(now: number, earlier: number | null | undefined): string | null {
  if (earlier === 0 && now > 0) return `+${now.toLocaleString()} (none ${DASHBOARD_TREND_DAYS} days ago)`;
  return trendText(trendOf(now, earlier));
}

/** Which way a figure is better moving: more serviceable devices is good, more broken ones bad. */
export type Better = 'up' | 'down' | null;
export type TrendTone = 'good' | 'bad' | 'neutral';

/** A trend's colour: good or bad only where the card says which way is better; otherwise neutral. */
export function trendTone(trend: number | null, better: Better): TrendTone {
  if (trend === null || trend === 0 || better === null) return 'neutral';
  return trend > 0 === (better === 'up') ? 'good' : 'bad';
}

/** A count as the reader's locale writes it ('1,204'). */
export function formatCount(count: number): string {
  return count.toLocaleString();
}

export interface StatusShare {
  status: EquipmentStatus;
  count: number;
  /** 0 to 100: the bar's width. */
  percent: number;
}

/**
 * Every status's share for the Equipment Status Overview, in the contract's order. The shares are
 * of the devices the five counts cover (their sum), so the bars always add up to the whole even if
 * the Total card were to leave retired devices out; with no devices every bar is empty.
 */
export function statusShares(byStatus: Record<EquipmentStatus, number>): StatusShare[] {
  const counts = EQUIPMENT_STATUSES.map((status) => ({ status, count: byStatus[status] ?? 0 }));
  const all = counts.reduce((sum, { count }) => sum + count, 0);
  return counts.map(({ status, count }) => ({ status, count, percent: all > 0 ? (count / all) * 100 : 0 }));
}

/** A share as a whole percentage; a status that has devices never reads '0%' ('<1%'). */
export function shareText(share: Pick<StatusShare, 'count' | 'percent'>): string {
  const rounded = Math.round(share.percent);
  if (share.count > 0 && rounded === 0) return '<1%';
  return `${rounded}%`;
}

/**
 * A PM completion rate as a percentage, cut (never rounded up) to one decimal, as the PM compliance
 * screen shows it: 99.96% on time is not 100%, and a survey expects exactly 100% on life-support
 * devices. '—' when nothing was due by today.
 */
export function rateText(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  const tenths = Math.floor(Math.round(rate * 100_000) / 100);
  const shown = rate < 1 ? Math.min(tenths, 999) : tenths;
  return `${(shown / 10).toFixed(1).replace(/\.0$/, '')}%`;
}

/**
 * What follows 'Last Login: ': the previous sign-in in local time; 'First sign-in' when there is
 * none; 'Unavailable' when the part did not arrive (null then means unknown, not a first sign-in).
 */
export function lastLoginText(
  lastLogin: string | null,
  unavailable: string | undefined,
  formatTime: (iso: string) => string,
): string {
  if (lastLogin) return formatTime(lastLogin);
  return unavailable ? 'Unavailable' : 'First sign-in';
}

export interface SystemLine {
  label: string;
  text: string;
  tone: BadgeTone;
}

/**
 * A check's line: 'OK' in green, or what is wrong ('Not working' where the answer carries no
 * details: a Technician's or Manager's). A stopped database or service stops work, so it is red; a
 * lost live relay or report queue only delays updates and reports, so it is amber.
 */
function checkLine(label: string, check: SystemCheck, failing: 'red' | 'yellow'): SystemLine {
  if (check.ok) return { label, text: 'OK', tone: 'green' };
  return { label, text: check.problem?.trim() || 'Not working', tone: failing };
}

/**
 * Under the lines, where a part is not working and the answer carries no details (they are for
 * Engineers and Admins): who can see what is wrong. Null otherwise.
 */
export function systemNote(system: DashboardSystem): string | null {
  const failing = [system.database, system.services, system.live, system.queue].some((check) => !check.ok);
  return failing && !system.details ? 'An Engineer or Admin can see what is wrong.' : null;
}

/**
 * The System Status lines. Backup is never 'OK' by assumption: it shows when the deployment last
 * reported a backup, or 'Not reported' in amber.
 */
export function systemLines(system: DashboardSystem, formatTime: (iso: string) => string): SystemLine[] {
  return [
    checkLine('Database', system.database, 'red'),
    checkLine('Services', system.services, 'red'),
    checkLine('Live connection', system.live, 'yellow'),
    checkLine('Queue', system.queue, 'yellow'),
    system.lastBackupAt
      ? { label: 'Backup', text: formatTime(system.lastBackupAt), tone: 'grey' }
      : { label: 'Backup', text: 'Not reported', tone: 'yellow' },
  ];
}
