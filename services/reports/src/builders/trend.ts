import { leastSquaresForecast } from '../document/forecast';
import type { LineChart } from '../document/report-document';

/** How many periods a trend line projects ahead. */
const FORECAST_PERIODS = 3;

function nextLabels(last: string, step: 'week' | 'month', count: number): string[] {
  const labels: string[] = [];
  const date = new Date(`${step === 'month' ? `${last}-01` : last}T00:00:00Z`);
  for (let i = 0; i < count; i += 1) {
    if (step === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
    else date.setUTCDate(date.getUTCDate() + 7);
    labels.push(step === 'month' ? date.toISOString().slice(0, 7) : date.toISOString().slice(0, 10));
  }
  return labels;
}

/**
 * A line chart over weeks (`YYYY-MM-DD` of the Monday) or months (`YYYY-MM`). With `forecast`,
 * each series gets a least-squares projection of the next three periods, a series of its own
 * marked as a forecast (a projection of the past, not a promise), joined to the last known value.
 */
export function trendChart(
  categories: string[],
  series: { name: string; values: number[] }[],
  step: 'week' | 'month',
  forecast: boolean,
  unit: string,
): LineChart {
  const last = categories.at(-1);
  if (!forecast || !last || categories.length < 2)
    return { type: 'line', categories, series: series.map((s) => ({ ...s })), unit };
  const ahead = nextLabels(last, step, FORECAST_PERIODS);
  const padding = ahead.map(() => null);
  return {
    type: 'line',
    categories: [...categories, ...ahead],
    unit,
    series: series.flatMap((s) => {
      const projected = leastSquaresForecast(s.values, FORECAST_PERIODS, { floorAtZero: true });
      const known = { name: s.name, values: [...s.values, ...padding] };
      if (!projected.length) return [known];
      const lead = s.values.map((_, index) =>
        index === s.values.length - 1 ? (s.values[index] ?? null) : null,
      );
      return [
        known,
        {
          name: s.name,
          forecast: true,
          values: [...lead, ...projected.map((value) => Math.round(value * 10) / 10)],
        },
      ];
    }),
  };
}
