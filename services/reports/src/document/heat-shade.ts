/** A heat-map cell's colours, as `RRGGBB` (no `#`: the form XLSX and DOCX fills take). */
export interface HeatShade {
  fill: string;
  /** Dark text on light cells, white on dark ones, so the printed value stays legible. */
  text: string;
}

type Rgb = readonly [number, number, number];

/** Light to dark orange (ColorBrewer "Oranges"): it stays ordered when printed in greys. */
const STOPS: readonly Rgb[] = [
  [0xff, 0xf5, 0xeb],
  [0xfd, 0xd0, 0xa2],
  [0xfd, 0x8d, 0x3c],
  [0xd9, 0x48, 0x01],
  [0x7f, 0x27, 0x04],
];

/** A cell with nothing to count: pale grey, so it reads as "no value", not as "low". */
export const EMPTY_HEAT_SHADE: HeatShade = { fill: 'F2F2F2', text: '808080' };

const hex = (channel: number) => Math.round(channel).toString(16).padStart(2, '0').toUpperCase();

function interpolate(t: number): Rgb {
  const scaled = Math.min(1, Math.max(0, t)) * (STOPS.length - 1);
  const index = Math.min(STOPS.length - 2, Math.floor(scaled));
  const low = STOPS[index];
  const high = STOPS[index + 1];
  if (!low || !high) return [255, 255, 255];
  const f = scaled - index;
  return [low[0] + (high[0] - low[0]) * f, low[1] + (high[1] - low[1]) * f, low[2] + (high[2] - low[2]) * f];
}

/** Relative luminance (sRGB), 0 for black to 1 for white. */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The shade of a cell whose value lies between min and max: the higher, the darker. When every
 * value is the same, a zero stays pale and anything else takes the middle shade.
 */
export function heatShade(value: number | null, min: number, max: number): HeatShade {
  if (value === null || !Number.isFinite(value)) return EMPTY_HEAT_SHADE;
  const t = max > min ? (value - min) / (max - min) : value === 0 ? 0 : 0.5;
  const rgb = interpolate(t);
  return { fill: rgb.map(hex).join(''), text: luminance(rgb) < 0.3 ? 'FFFFFF' : '262626' };
}

/**
 * The range a heat map is shaded over: from zero (or the lowest value, when one is negative) to
 * the highest value, so a cell's darkness says how much, not how much more than the quietest cell.
 * Null when no cell has a value.
 */
export function heatRange(
  values: readonly (readonly (number | null)[])[],
): { min: number; max: number } | null {
  let min = 0;
  let max = Number.NEGATIVE_INFINITY;
  for (const row of values) {
    for (const value of row) {
      if (value === null || !Number.isFinite(value)) continue;
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
  }
  return max === Number.NEGATIVE_INFINITY ? null : { min, max };
}
