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

  it('shows the clock as Intl does for every instant, across the changes of the clocks', () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const formatIn = (timeZone: string): Intl.DateTimeFormat => {
      let format = formats.get(timeZone);
      if (!format) {
        format = new Intl.DateTimeFormat('en-US', {
          timeZone,
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
          hourCycle: 'h23',
        });
        formats.set(timeZone, format);
      }
      return format;
    };
    const reference = (at: Date, timeZone: string) => {
      const parts = formatIn(timeZone).formatToParts(at);
      const field = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
      return new Date(
        Date.UTC(
          field('year'),
          field('month') - 1,
          field('day'),
          field('hour'),
          field('minute'),
          field('second'),
          at.getUTCMilliseconds(),
        ),
      ).toISOString();
    };
    const around: [zone: string, change: string][] = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Europe/London', '2026-03-29T01:00:00Z'],
      // Half an hour forward and back, and a zone three quarters of an hour off.
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Asia/Kathmandu', '2026-06-01T00:00:00Z'],
      // Local mean time: offsets of minutes and seconds, changed off the quarter hour.
      ['Asia/Riyadh', '1947-03-13T20:53:08Z'],
      ['Africa/Monrovia', '1972-01-07T00:44:30Z'],
      ['Europe/Dublin', '1916-05-21T02:25:21Z'],
    ];
    for (const [zone, change] of around) {
      const middle = new Date(change).getTime();
      for (let time = middle - 3 * 3_600_000; time <= middle + 3 * 3_600_000; time += 37_013) {
        const at = new Date(time);
        expect([zone, wallClock(at, zone).toISOString()]).toEqual([zone, reference(at, zone)]);
      }
    }
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
