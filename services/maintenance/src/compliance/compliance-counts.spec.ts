import fc from 'fast-check';
import { addDays } from '../hospital-clock';
import { countSpans } from './compliance-counts';

const day = fc
  .integer({ min: 0, max: 365 * 6 })
  .map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));

/** Every due date a span covers (a month span: every day of each of its months). */
function daysOf(span: { month: boolean; from: string; to: string }): string[] {
  const days: string[] = [];
  const last = span.month ? addDays(`${nextMonth(span.to)}`, -1) : span.to;
  for (let each = span.from; each <= last; each = addDays(each, 1)) days.push(each);
  return days;
}

function nextMonth(first: string): string {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

describe('countSpans', () => {
  it('reads whole months as month rows, except the month of today, and the rest as days', () => {
    expect(countSpans('2026-01-15', '2026-05-10', '2026-03-20')).toEqual([
      { month: false, from: '2026-01-15', to: '2026-01-31' },
      { month: true, from: '2026-02-01', to: '2026-02-01' },
      { month: false, from: '2026-03-01', to: '2026-03-31' },
      { month: true, from: '2026-04-01', to: '2026-04-01' },
      { month: false, from: '2026-05-01', to: '2026-05-10' },
    ]);
    expect(countSpans('2025-11-29', '2026-11-29', '2026-11-29')).toEqual([
      { month: false, from: '2025-11-29', to: '2025-11-30' },
      { month: true, from: '2025-12-01', to: '2026-10-01' },
      { month: false, from: '2026-11-01', to: '2026-11-29' },
    ]);
    expect(countSpans('2026-02-01', '2026-02-28', '2026-11-29')).toEqual([
      { month: true, from: '2026-02-01', to: '2026-02-01' },
    ]);
  });

  it('covers every day of the period once, and no month holding today', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), day, (from, length, today) => {
        const to = addDays(from, length);
        const spans = countSpans(from, to, today);
        const covered = spans.flatMap(daysOf);
        const expected: string[] = [];
        for (let each = from; each <= to; each = addDays(each, 1)) expected.push(each);
        expect(covered).toEqual(expected);
        for (const span of spans.filter((each) => each.month))
          expect(daysOf(span).includes(today)).toBe(false);
      }),
    );
  });
});
