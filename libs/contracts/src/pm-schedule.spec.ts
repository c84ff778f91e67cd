import fc from 'fast-check';
import { occurrenceDueDate, occurrencesDueBy } from './pm-schedule';
import { PM_INTERVALS } from './tasks';

const day = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('PM occurrence due dates', () => {
  it('count days for daily and weekly plans, and calendar months for the others', () => {
    expect(occurrenceDueDate('2026-11-23', 'Daily', 10)).toBe('2026-12-03');
    expect(occurrenceDueDate('2026-11-23', 'Biweekly', 3)).toBe('2027-01-04');
    expect(occurrenceDueDate('2026-11-23', 'Quarterly', 2)).toBe('2027-05-23');
    expect(occurrenceDueDate('2024-02-29', 'Annually', 1)).toBe('2025-02-28');
    expect(occurrenceDueDate('2024-02-29', 'Every 2 Years', 2)).toBe('2028-02-29');
  });

  it('keep the first due day across short months instead of drifting', () => {
    const monthly = [0, 1, 2, 3].map((n) => occurrenceDueDate('2027-01-31', 'Monthly', n));
    expect(monthly).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('start at the first due date and always move forward, by at least the interval’s days', () => {
    fc.assert(
      fc.property(
        day,
        fc.constantFrom(...PM_INTERVALS),
        fc.integer({ min: 0, max: 200 }),
        (first, interval, n) => {
          expect(occurrenceDueDate(first, interval, 0)).toBe(first);
          const here = occurrenceDueDate(first, interval, n);
          const next = occurrenceDueDate(first, interval, n + 1);
          expect(next > here).toBe(true);
          const gap = (Date.parse(`${next}T00:00:00Z`) - Date.parse(`${here}T00:00:00Z`)) / 86_400_000;
          const least = {
            Daily: 1,
            Weekly: 7,
            Biweekly: 14,
            Monthly: 28,
            Quarterly: 89,
            Biannually: 181,
            Annually: 365,
            'Every 2 Years': 730,
          }[interval];
          expect(gap).toBeGreaterThanOrEqual(least);
        },
      ),
    );
  });

  it('list the occurrences due within a window, and refuse what is not a date', () => {
    expect(occurrencesDueBy('2026-11-01', 'Weekly', 2, '2026-11-30')).toEqual([2, 3, 4]);
    expect(occurrencesDueBy('2026-11-01', 'Monthly', 1, '2026-11-30')).toEqual([]);
    expect(() => occurrenceDueDate('2026-02-30', 'Monthly', 1)).toThrow(RangeError);
    expect(() => occurrenceDueDate('2026-02-01', 'Monthly', -1)).toThrow(RangeError);
  });
});
