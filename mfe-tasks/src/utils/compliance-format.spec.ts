import type { ComplianceFigures, PmComplianceResponse } from '@caliber/contracts';
import {
  complianceRows,
  daysOverdueText,
  figureParts,
  formatRate,
  periodLabel,
  rateTone,
} from './compliance-format';

const figures = (rate: number | null): ComplianceFigures => ({
  due: 10,
  onTime: 7,
  late: 1,
  missed: 1,
  pending: 1,
  rate,
});

describe('formatRate', () => {
  it('writes a rate as a percentage with at most one decimal', () => {
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(0.875)).toBe('87.5%');
    expect(formatRate(7 / 9)).toBe('77.7%');
  });

  it('never rounds up to 100%', () => {
    expect(formatRate(0.9999)).toBe('99.9%');
    expect(formatRate(0.99996)).toBe('99.9%');
    expect(formatRate(249_999 / 250_000)).toBe('99.9%');
  });

  it('is not fooled by floating point into cutting a whole tenth', () => {
    // 0.29 * 1000 is 289.99999999999994 in binary floating point.
    expect(formatRate(0.29)).toBe('29%');
    expect(formatRate(0.57)).toBe('57%');
  });

  it('shows a dash when nothing was due', () => {
    expect(formatRate(null)).toBe('—');
  });
});

describe('rateTone', () => {
  it('is good only at 100%', () => {
    expect(rateTone(1)).toBe('good');
    expect(rateTone(0.95)).toBe('fair');
    expect(rateTone(0.5)).toBe('poor');
    expect(rateTone(null)).toBe('none');
  });
});

describe('the summary’s rows and figures', () => {
  it('lists Overall, High-risk and Life-support in that order', () => {
    const answer = {
      overall: figures(0.8),
      highRisk: figures(1),
      lifeSupport: figures(null),
    } as PmComplianceResponse;
    expect(complianceRows(answer).map((row) => [row.label, row.figures.rate])).toEqual([
      ['Overall', 0.8],
      ['High-risk', 1],
      ['Life-support', null],
    ]);
  });

  it('names the counts behind the rate', () => {
    expect(figureParts(figures(0.8))).toEqual([
      { label: 'Due', value: 10 },
      { label: 'On time', value: 7 },
      { label: 'Late', value: 1 },
      { label: 'Missed', value: 1 },
      { label: 'Pending', value: 1 },
    ]);
  });
});

describe('periodLabel', () => {
  it('names a month', () => {
    expect(periodLabel('2025-06-01', '2025-06-30')).toBe('June 2025');
  });

  it('gives the dates of any other period', () => {
    expect(periodLabel('2025-06-01', '2025-08-31')).toBe('2025-06-01 – 2025-08-31');
  });
});

describe('the lists’ texts', () => {
  it('counts days overdue', () => {
    expect(daysOverdueText(1)).toBe('1 day overdue');
    expect(daysOverdueText(12)).toBe('12 days overdue');
  });
});
