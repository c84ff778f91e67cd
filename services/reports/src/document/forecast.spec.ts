import fc from 'fast-check';
import { leastSquaresForecast } from './forecast';

const close = (actual: number, expected: number) =>
  Math.abs(actual - expected) <= 1e-6 * Math.max(1, Math.abs(expected));

const coefficient = fc.integer({ min: -1000, max: 1000 });
const periods = fc.integer({ min: 0, max: 12 });

/** A series of `length` values with some of them (never all but two) replaced by null. */
const withGaps = (values: number[], holes: boolean[]) =>
  values.map((value, index) => (holes[index] && index > 1 ? null : value));

describe('leastSquaresForecast', () => {
  it('projects a straight line exactly', () => {
    fc.assert(
      fc.property(
        coefficient,
        coefficient,
        fc.integer({ min: 2, max: 40 }),
        periods,
        (a, b, length, count) => {
          const values = Array.from({ length }, (_, x) => a + b * x);
          const forecast = leastSquaresForecast(values, count);
          expect(forecast).toHaveLength(count);
          forecast.forEach((value, k) => expect(close(value, a + b * (length + k))).toBe(true));
        },
      ),
    );
  });

  it('skips unknown points: a line with gaps still projects exactly', () => {
    fc.assert(
      fc.property(
        coefficient,
        coefficient,
        fc.array(fc.boolean(), { minLength: 2, maxLength: 40 }),
        periods,
        (a, b, holes, count) => {
          const values = withGaps(
            holes.map((_, x) => a + b * x),
            holes,
          );
          const forecast = leastSquaresForecast(values, count);
          forecast.forEach((value, k) => expect(close(value, a + b * (values.length + k))).toBe(true));
        },
      ),
    );
  });

  it('forecasts a constant series as the constant', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.integer({ min: 2, max: 30 }),
        periods,
        (c, n, k) => {
          const forecast = leastSquaresForecast(Array<number>(n).fill(c), k);
          expect(forecast).toHaveLength(k);
          forecast.forEach((value) => expect(close(value, c)).toBe(true));
        },
      ),
    );
  });

  it('moves with the data: adding c to every value adds c to every projection', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -500, max: 500 }), { minLength: 2, maxLength: 30 }),
        fc.integer({ min: -1000, max: 1000 }),
        periods,
        (values, c, k) => {
          const base = leastSquaresForecast(values, k);
          const shifted = leastSquaresForecast(
            values.map((v) => v + c),
            k,
          );
          shifted.forEach((value, index) => expect(close(value, (base[index] ?? Number.NaN) + c)).toBe(true));
        },
      ),
    );
  });

  it('never goes below zero with floorAtZero, and otherwise agrees with the plain forecast', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -100, max: 1000 }), { nil: null }), { maxLength: 30 }),
        periods,
        (values, k) => {
          const plain = leastSquaresForecast(values, k);
          const floored = leastSquaresForecast(values, k, { floorAtZero: true });
          expect(floored).toHaveLength(plain.length);
          floored.forEach((value, index) => {
            expect(value).toBeGreaterThanOrEqual(0);
            expect(value).toBe(Math.max(0, plain[index] ?? Number.NaN));
          });
        },
      ),
    );
  });

  it('says nothing with fewer than two known points', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.integer(), { nil: null }),
        fc.nat(),
        periods,
        (length, only, at, k) => {
          const values: (number | null)[] = Array<number | null>(length).fill(null);
          if (length > 0) values[at % length] = only;
          expect(leastSquaresForecast(values, k)).toEqual([]);
        },
      ),
    );
  });

  it('fits the least-squares line through scattered points', () => {
    // x = 0..3, y = 1, 3, 2, 5: slope 1.1, intercept 1.1 → x = 4, 5: 5.5, 6.6.
    const forecast = leastSquaresForecast([1, 3, 2, 5], 2);
    expect(forecast[0]).toBeCloseTo(5.5, 10);
    expect(forecast[1]).toBeCloseTo(6.6, 10);
    // x = 0, 1, 3, y = 10, 8, 4: y = 10 - 2x → 2, 0, then -2 held at 0.
    const floored = leastSquaresForecast([10, 8, null, 4], 3, { floorAtZero: true });
    expect(floored).toHaveLength(3);
    [2, 0, 0].forEach((expected, index) => expect(floored[index]).toBeCloseTo(expected, 10));
    expect(leastSquaresForecast([1, 2, 3], -1)).toEqual([]);
    expect(leastSquaresForecast([1, 2, 3], 2.7)).toEqual([4, 5]);
  });
});
