import fc from 'fast-check';
import { previousPeriod } from './schedule-period';

describe('previousPeriod', () => {
  it('covers the week, month or quarter before the one the run falls in', () => {
    expect(previousPeriod('weekly', '2026-11-23')).toEqual({ from: '2026-11-16', to: '2026-11-22' }); // a Monday
    expect(previousPeriod('weekly', '2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-22' }); // a Sunday
    expect(previousPeriod('monthly', '2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod('monthly', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousPeriod('quarterly', '2026-04-01')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(previousPeriod('quarterly', '2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });

  it('always ends before the run day and is a whole week, month or quarter', () => {
    const days = fc
      .integer({ min: 0, max: 365 * 80 })
      .map((n) => new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        days,
        fc.constantFrom('weekly' as const, 'monthly' as const, 'quarterly' as const),
        (today, frequency) => {
          const { from, to } = previousPeriod(frequency, today);
          expect(to < today).toBe(true);
          const length = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
          if (frequency === 'weekly') {
            expect(length).toBe(7);
            expect(new Date(`${from}T00:00:00Z`).getUTCDay()).toBe(1);
          } else {
            expect(from.endsWith('-01')).toBe(true);
            expect(length).toBeGreaterThanOrEqual(frequency === 'monthly' ? 28 : 89);
            expect(length).toBeLessThanOrEqual(frequency === 'monthly' ? 31 : 92);
            const next = new Date(`${to}T00:00:00Z`);
            next.setUTCDate(next.getUTCDate() + 1);
            expect(next.getUTCDate()).toBe(1);
          }
        },
      ),
    );
  });
});
