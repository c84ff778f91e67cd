import { EMPTY_HEAT_SHADE, heatRange, heatShade } from './heat-shade';

/** Perceived lightness of an `RRGGBB` colour, enough to compare two shades. */
const lightness = (rgb: string) => {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(rgb.slice(i, i + 2), 16));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
};

describe('heatShade', () => {
  it('darkens as the value grows', () => {
    const shades = [0, 10, 25, 50, 75, 100].map((value) => heatShade(value, 0, 100).fill);
    for (let i = 1; i < shades.length; i++) {
      expect(lightness(shades[i] ?? '')).toBeLessThan(lightness(shades[i - 1] ?? ''));
    }
    shades.forEach((fill) => expect(fill).toMatch(/^[0-9A-F]{6}$/));
  });

  it('writes white on the darkest cells and dark text on the lightest', () => {
    expect(heatShade(100, 0, 100).text).toBe('FFFFFF');
    expect(heatShade(0, 0, 100).text).toBe('262626');
  });

  it('keeps values outside the range at its ends', () => {
    expect(heatShade(-5, 0, 100)).toEqual(heatShade(0, 0, 100));
    expect(heatShade(500, 0, 100)).toEqual(heatShade(100, 0, 100));
  });

  it('shows unknown values as empty grey, and a flat map as pale zeros and a middle shade', () => {
    expect(heatShade(null, 0, 10)).toEqual(EMPTY_HEAT_SHADE);
    expect(heatShade(0, 0, 0)).toEqual(heatShade(0, 0, 1));
    expect(heatShade(7, 7, 7)).toEqual(heatShade(0.5, 0, 1));
  });
});

describe('heatRange', () => {
  it('runs from zero to the highest value, lower only for negative values', () => {
    expect(heatRange([[5, null, 12], [7]])).toEqual({ min: 0, max: 12 });
    expect(heatRange([[-3, 4]])).toEqual({ min: -3, max: 4 });
    expect(heatRange([[null], []])).toBeNull();
  });
});
