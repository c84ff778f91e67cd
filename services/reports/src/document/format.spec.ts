import {
  formatCalendarDate,
  formatCell,
  formatInstant,
  formatPeriod,
  NULL_TEXT,
  seriesLabel,
  wallClock,
} from './format';
import type { ColumnType } from './report-document';

const as = (type: ColumnType) => ({ type });

describe('dates in English', () => {
  it('writes days and periods as "5 March 2026"', () => {
    expect(formatCalendarDate('2026-03-05')).toBe('5 March 2026');
    expect(formatPeriod({ from: '2026-01-01', to: '2026-03-31' })).toBe('1 January 2026 – 31 March 2026');
    expect(formatPeriod({ from: '2026-02-14', to: '2026-02-14' })).toBe('14 February 2026');
    expect(formatCalendarDate('not a date')).toBe('not a date');
    expect(formatCalendarDate('2026-02-31')).toBe('2026-02-31');
  });

  it('writes instants in the hospital time zone', () => {
    const at = new Date('2026-04-02T07:15:00Z');
    expect(formatInstant(at)).toBe('2 April 2026, 07:15');
    expect(formatInstant(at, 'Asia/Riyadh', true)).toBe('2 April 2026, 10:15 (Asia/Riyadh)');
    expect(wallClock(at, 'Asia/Riyadh').toISOString()).toBe('2026-04-02T10:15:00.000Z');
    expect(wallClock(at, 'America/New_York').toISOString()).toBe('2026-04-02T03:15:00.000Z');
  });
});

describe('formatCell', () => {
  it('writes unknown values as a dash, never as 0', () => {
    for (const type of [
      'text',
      'integer',
      'decimal',
      'percent',
      'date',
      'datetime',
      'currency',
      'hours',
    ] as const) {
      expect(formatCell(null, as(type))).toBe(NULL_TEXT);
    }
    expect(formatCell(Number.NaN, as('integer'))).toBe(NULL_TEXT);
  });

  it("writes numbers in their column's format", () => {
    expect(formatCell(1234, as('integer'))).toBe('1,234');
    expect(formatCell(1234.5, as('decimal'))).toBe('1,234.50');
    expect(formatCell(0.8734, as('percent'))).toBe('87.3%');
    expect(formatCell(12.25, as('hours'))).toBe('12.3');
    expect(formatCell(1234.5, as('currency'), 'USD')).toBe('USD 1,234.50');
    expect(formatCell(0, as('integer'))).toBe('0');
  });

  it('writes days and timestamps in English, and text as it is', () => {
    expect(formatCell('2026-03-05', as('date'))).toBe('5 March 2026');
    expect(formatCell('2026-03-05T14:30:00Z', as('datetime'), undefined, 'UTC')).toBe('5 March 2026, 14:30');
    expect(formatCell('ICU', as('text'))).toBe('ICU');
    expect(formatCell('unknown', as('date'))).toBe('unknown');
  });
});

describe('seriesLabel', () => {
  it('names forecasts as such, once', () => {
    expect(seriesLabel({ name: 'Downtime hours', forecast: true })).toBe('Downtime hours (forecast)');
    expect(seriesLabel({ name: 'Tasks (forecast)', forecast: true })).toBe('Tasks (forecast)');
    expect(seriesLabel({ name: 'Tasks' })).toBe('Tasks');
  });
});
