export interface ForecastOptions {
  /** Clamp projections at 0: counts, hours and costs cannot go negative, whatever the trend says. */
  floorAtZero?: boolean;
}

/**
 * Fits y = a + b·x by ordinary least squares over the known points (x is the index in `values`,
 * nulls are skipped) and projects the next `periods` values, at x = values.length, … Fewer than
 * two known points say nothing about a trend: the answer is then empty.
 */
export function leastSquaresForecast(
  values: readonly (number | null)[],
  periods: number,
  options: ForecastOptions = {},
): number[] {
  const count = Math.max(0, Math.floor(periods));
  const points = knownPoints(values);
  if (points.length < 2 || count === 0) return [];
  const { intercept, slope } = fitLine(points);
  return Array.from({ length: count }, (_, k) => {
    const projected = intercept + slope * (values.length + k);
    return options.floorAtZero ? Math.max(0, projected) : projected;
  });
}

function knownPoints(values: readonly (number | null)[]): [number, number][] {
  const points: [number, number][] = [];
  values.forEach((value, index) => {
    if (value !== null && Number.isFinite(value)) points.push([index, value]);
  });
  return points;
}

/** Least squares on centred values, which keeps the sums small and the fit exact for exact lines. */
function fitLine(points: readonly [number, number][]): { intercept: number; slope: number } {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  }
  // The x are distinct indices, so with two points or more sxx is positive.
  const slope = sxy / sxx;
  return { intercept: meanY - slope * meanX, slope };
}
