import type { ComplianceFigures, PmComplianceResponse } from '@caliber/contracts';

/**
 * A completion rate as a percentage, cut (never rounded up) to one decimal: 99.96% done on time
 * is not 100%, and a survey expects exactly 100% on life-support devices. '—' when nothing was
 * due by today.
 */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  // Rounding first absorbs binary fractions (0.29 is 0.28999…); anything short of all reads below 100%.
  const tenths = Math.min(rate < 1 ? 999 : Infinity, Math.floor(Math.round(rate * 100_000) / 100));
  const text = (tenths / 10).toFixed(1).replace(/\.0$/, '');
  return `${text}%`;
}

/** The tone of a rate: all on time is good, below 90% is a warning, nothing due is neutral. */
export type RateTone = 'good' | 'fair' | 'poor' | 'none';

export function rateTone(rate: number | null): RateTone {
  if (rate === null) return 'none';
  if (rate >= 1) return 'good';
  return rate >= 0.9 ? 'fair' : 'poor';
}

export interface ComplianceRow {
  key: 'overall' | 'highRisk' | 'lifeSupport';
  label: string;
  figures: ComplianceFigures;
}

/** The three groups the summary shows, in its order. */
export function complianceRows(answer: PmComplianceResponse): ComplianceRow[] {
  return [
    { key: 'overall', label: 'Overall', figures: answer.overall },
    { key: 'highRisk', label: 'High-risk', figures: answer.highRisk },
    { key: 'lifeSupport', label: 'Life-support', figures: answer.lifeSupport },
  ];
}

/** The counts behind a rate, in the order a survey reads them. */
export function figureParts(figures: ComplianceFigures): { label: string; value: number }[] {
  return [
    { label: 'Due', value: figures.due },
    { label: 'On time', value: figures.onTime },
    { label: 'Late', value: figures.late },
    { label: 'Missed', value: figures.missed },
    { label: 'Pending', value: figures.pending },
  ];
}

/** The period's month as a heading names it ('June 2025'), from its first day `YYYY-MM-DD`. */
export function periodLabel(from: string, to: string): string {
  const [year, month] = from.split('-').map(Number);
  if (!year || !month) return `${from} – ${to}`;
  const sameMonth = to.slice(0, 7) === from.slice(0, 7);
  const name = new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return sameMonth ? name : `${from} – ${to}`;
}

/** '1 day overdue', '12 days overdue'. */
export function daysOverdueText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} overdue`;
}
