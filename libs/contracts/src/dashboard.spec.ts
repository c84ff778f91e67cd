import { trendOf } from './dashboard';

describe('trendOf', () => {
  it('is the change over the earlier figure as a fraction', () => {
    expect(trendOf(120, 100)).toBeCloseTo(0.2);
    expect(trendOf(75, 100)).toBeCloseTo(-0.25);
    expect(trendOf(100, 100)).toBe(0);
  });

  it('is nothing where there is no earlier figure to compare with', () => {
    expect(trendOf(5, null)).toBeNull();
    expect(trendOf(5, undefined)).toBeNull();
    // From none to some is no percentage at all.
    expect(trendOf(5, 0)).toBeNull();
  });
});
