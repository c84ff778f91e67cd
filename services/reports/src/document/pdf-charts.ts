import { formatNumber, seriesLabel } from './format';
import { heatRange, heatShade } from './heat-shade';
import {
  blockHeading,
  COLOR,
  contentBottom,
  contentLeft,
  contentWidth,
  ellipsize,
  ensureSpace,
  fitLines,
  FONT,
  seriesColor,
  textAt,
  textCentredAt,
  textRightAt,
  useFont,
  winAnsi,
  type Pdf,
} from './pdf-layout';
import type { BarChart, ChartBlock, HeatMapBlock, LineChart, PieChart, SeriesTone } from './report-document';

/**
 * Charts drawn with pdfkit's vector primitives (paths, rectangles, text), never as images: they
 * stay sharp when printed or zoomed and their labels remain text a reader can search and copy.
 */

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface LegendEntry {
  label: string;
  color: string;
  /** A line sample (line charts) rather than a square swatch; dashed for forecasts. */
  line?: { dashed: boolean };
}

const AXIS_CHART_HEIGHT = 230;
const LABEL_SIZE = 7.5;
const LEGEND_ROW = 13;

export function drawChart(pdf: Pdf, block: ChartBlock): void {
  const chart = block.chart;
  if (!hasData(chart)) {
    blockHeading(pdf, block.title, 20);
    useFont(pdf, FONT.italic, 9, COLOR.muted);
    textAt(pdf, 'Nothing to chart for this period.', contentLeft(pdf), pdf.y + 2);
    pdf.y += 24;
    return;
  }
  const height = chart.type === 'pie' ? pieHeight(chart) : AXIS_CHART_HEIGHT;
  blockHeading(pdf, block.title, height);
  const box: Box = { x: contentLeft(pdf), y: pdf.y + 4, width: contentWidth(pdf), height };
  if (chart.type === 'bar') drawBarChart(pdf, chart, box);
  else if (chart.type === 'line') drawLineChart(pdf, chart, box);
  else drawPieChart(pdf, chart, box);
  pdf.y = box.y + box.height + 16;
}

/** Whether a chart has anything to draw: some category with a value, or a pie with a positive slice. */
function hasData(chart: ChartBlock['chart']): boolean {
  if (chart.type === 'pie') return chart.slices.some((slice) => slice.value > 0);
  return (
    chart.categories.length > 0 &&
    chart.series.some((series) => series.values.some((value) => value !== null && Number.isFinite(value)))
  );
}

// ---------------------------------------------------------------- scales and axes

const tickFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * An axis's labels: "1,500", "2.5"; compact ("25K", "1.3M") on an axis that reaches 100,000, all
 * ticks alike, so the axis stays narrow and reads evenly.
 */
export function tickLabels(ticks: readonly number[]): string[] {
  const compact = ticks.some((tick) => Math.abs(tick) >= 100_000);
  return ticks.map((tick) => (compact ? compactFormat.format(tick) : tickFormat.format(tick)));
}

export interface Scale {
  min: number;
  max: number;
  ticks: number[];
}

/**
 * An axis from min to max in round steps (1, 2, 2.5 or 5 times a power of ten), always including
 * zero, so bars start from a true baseline. Whole-number data gets whole-number ticks.
 */
export function niceScale(dataMin: number, dataMax: number, integers: boolean, maxTicks = 5): Scale {
  let low = Math.min(0, dataMin);
  let high = Math.max(0, dataMax);
  if (high === low) high = low + 1;
  const rough = (high - low) / maxTicks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  let step = nice * power;
  if (integers) step = Math.max(1, Math.ceil(step));
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let value = low; value <= high + step / 2; value += step) ticks.push(Number(value.toPrecision(12)));
  return { min: low, max: high, ticks };
}

interface Plot {
  left: number;
  right: number;
  top: number;
  bottom: number;
  scale: Scale;
  /** The y of a value. */
  y: (value: number) => number;
  /** The width of one category's slot. */
  slot: number;
}

/**
 * Lays out legend, unit, y axis and category labels in the box, draws the gridlines and labels,
 * and answers the plotting area for the series.
 */
function drawAxes(
  pdf: Pdf,
  box: Box,
  categories: readonly string[],
  legend: readonly LegendEntry[],
  scale: Scale,
  unit: string | undefined,
): Plot {
  const legendHeight = drawLegendRow(pdf, legend, box);
  useFont(pdf, FONT.regular, LABEL_SIZE, COLOR.muted);
  const tickTexts = tickLabels(scale.ticks);
  const axisWidth = Math.max(...tickTexts.map((label) => pdf.widthOfString(label))) + 8;
  const left = box.x + axisWidth;
  const right = box.x + box.width - 4;
  const slot = (right - left) / Math.max(1, categories.length);
  const labels = categoryLabels(pdf, categories, slot);
  const top = box.y + legendHeight + (unit ? 14 : 6);
  const bottom = box.y + box.height - labels.height;
  const y = (value: number) => bottom - ((value - scale.min) / (scale.max - scale.min)) * (bottom - top);

  if (unit) textAt(pdf, unit, box.x, top - 12);
  scale.ticks.forEach((tick, index) => {
    const at = y(tick);
    pdf
      .moveTo(left, at)
      .lineTo(right, at)
      .lineWidth(tick === 0 ? 0.9 : 0.5)
      .strokeColor(tick === 0 ? COLOR.faint : COLOR.grid)
      .stroke();
    useFont(pdf, FONT.regular, LABEL_SIZE, COLOR.muted);
    textRightAt(pdf, tickTexts[index] ?? '', left - 4, at - LABEL_SIZE / 2);
  });
  labels.draw(left, bottom + 4);
  return { left, right, top, bottom, scale, y, slot };
}

/**
 * Category labels under the axis: level when they fit their slot (on up to two lines), else
 * slanted at 45°, cut to a bounded length, so twelve months or a dozen departments stay readable.
 */
function categoryLabels(
  pdf: Pdf,
  categories: readonly string[],
  slot: number,
): { height: number; draw: (left: number, top: number) => void } {
  useFont(pdf, FONT.regular, LABEL_SIZE, COLOR.text);
  const lineHeight = LABEL_SIZE * 1.2;
  const wrapped = categories.map((category) => fitLines(pdf, category, slot - 4, 2));
  const fits = wrapped.every((lines, index) => lines.join(' ') === winAnsi(categories[index] ?? '').trim());
  if (fits) {
    const lines = Math.max(1, ...wrapped.map((l) => l.length));
    return {
      height: lines * lineHeight + 8,
      draw: (left, top) => {
        useFont(pdf, FONT.regular, LABEL_SIZE, COLOR.text);
        wrapped.forEach((labelLines, index) =>
          labelLines.forEach((line, lineIndex) =>
            textCentredAt(pdf, line, left + slot * (index + 0.5), top + lineIndex * lineHeight),
          ),
        );
      },
    };
  }
  const maxLength = 80;
  const cut = categories.map((category) => ellipsize(pdf, category, maxLength));
  const longest = Math.max(...cut.map((label) => pdf.widthOfString(label)));
  return {
    height: longest * Math.SQRT1_2 + LABEL_SIZE + 10,
    draw: (left, top) => {
      useFont(pdf, FONT.regular, LABEL_SIZE, COLOR.text);
      cut.forEach((label, index) => {
        const x = left + slot * (index + 0.5);
        const width = pdf.widthOfString(label);
        // Rotated about the label's end, which sits under the category's tick.
        pdf.save();
        pdf.rotate(-45, { origin: [x, top] });
        pdf.text(label, x - width, top - LABEL_SIZE / 2, { lineBreak: false });
        pdf.restore();
      });
    },
  };
}

/** Draws the legend entries in rows across the top of the box; answers the height used. */
function drawLegendRow(pdf: Pdf, entries: readonly LegendEntry[], box: Box): number {
  if (entries.length === 0) return 0;
  useFont(pdf, FONT.regular, LABEL_SIZE + 0.5, COLOR.text);
  let x = box.x;
  let y = box.y;
  for (const entry of entries) {
    const label = ellipsize(pdf, entry.label, box.width / 2);
    const width = 16 + pdf.widthOfString(label) + 14;
    if (x > box.x && x + width > box.x + box.width) {
      x = box.x;
      y += LEGEND_ROW;
    }
    drawSwatch(pdf, entry, x, y + 1);
    useFont(pdf, FONT.regular, LABEL_SIZE + 0.5, COLOR.text);
    textAt(pdf, label, x + 16, y);
    x += width;
  }
  return y - box.y + LEGEND_ROW + 4;
}

function drawSwatch(pdf: Pdf, entry: LegendEntry, x: number, y: number): void {
  if (!entry.line) {
    pdf.rect(x, y, 10, 7).fill(entry.color);
    return;
  }
  pdf.save();
  if (entry.line.dashed) pdf.dash(3, { space: 2 });
  pdf
    .moveTo(x, y + 3.5)
    .lineTo(x + 12, y + 3.5)
    .lineWidth(1.6)
    .strokeColor(entry.color)
    .stroke();
  pdf.restore();
}

// ---------------------------------------------------------------- bar charts

/** A bar series' colour: the meaning it names (a missed PM in red), else the palette's next. */
function barColor(series: BarChart['series'][number], index: number): string {
  return series.tone ? TONE_COLORS[series.tone] : seriesColor(index);
}

const TONE_COLORS: Record<SeriesTone, string> = {
  good: '#3A9D7A',
  warning: '#E07B39',
  bad: '#C8454B',
  neutral: '#8C8C8C',
};

function drawBarChart(pdf: Pdf, chart: BarChart, box: Box): void {
  const legend = chart.series.map((series, index) => ({
    label: series.name,
    color: barColor(series, index),
  }));
  const { low, high } = barExtent(chart);
  const integers = chart.series.every((series) => series.values.every(Number.isInteger));
  const plot = drawAxes(
    pdf,
    box,
    chart.categories,
    chart.series.length > 1 ? legend : [],
    niceScale(low, high, integers),
    chart.unit,
  );
  const barCount = chart.categories.length * (chart.stacked ? 1 : Math.max(1, chart.series.length));
  const showValues = barCount <= 16;
  chart.categories.forEach((_, category) => {
    const slotLeft = plot.left + plot.slot * category;
    if (chart.stacked) drawStack(pdf, chart, category, slotLeft, plot, showValues);
    else drawGroup(pdf, chart, category, slotLeft, plot, showValues);
  });
}

function barExtent(chart: BarChart): { low: number; high: number } {
  let low = 0;
  let high = 0;
  chart.categories.forEach((_, category) => {
    const values = chart.series.map((series) => series.values[category] ?? 0);
    if (chart.stacked) {
      high = Math.max(
        high,
        values.filter((v) => v > 0).reduce((a, b) => a + b, 0),
      );
      low = Math.min(
        low,
        values.filter((v) => v < 0).reduce((a, b) => a + b, 0),
      );
    } else {
      high = Math.max(high, ...values);
      low = Math.min(low, ...values);
    }
  });
  return { low, high };
}

function drawGroup(
  pdf: Pdf,
  chart: BarChart,
  category: number,
  slotLeft: number,
  plot: Plot,
  showValues: boolean,
): void {
  const inner = plot.slot * 0.74;
  const barWidth = inner / Math.max(1, chart.series.length);
  const gap = barWidth > 6 ? 1 : 0;
  chart.series.forEach((series, index) => {
    const value = series.values[category] ?? 0;
    const x = slotLeft + (plot.slot - inner) / 2 + index * barWidth;
    const top = Math.min(plot.y(value), plot.y(0));
    const height = Math.abs(plot.y(value) - plot.y(0));
    pdf.rect(x + gap / 2, top, barWidth - gap, Math.max(height, 0.5)).fill(barColor(series, index));
    if (showValues) valueLabel(pdf, value, x + barWidth / 2, value >= 0 ? top - 9 : top + height + 2);
  });
}

function drawStack(
  pdf: Pdf,
  chart: BarChart,
  category: number,
  slotLeft: number,
  plot: Plot,
  showValues: boolean,
): void {
  const barWidth = plot.slot * 0.56;
  const x = slotLeft + (plot.slot - barWidth) / 2;
  let positive = 0;
  let negative = 0;
  chart.series.forEach((series, index) => {
    const value = series.values[category] ?? 0;
    const from = value >= 0 ? positive : negative;
    const to = from + value;
    if (value >= 0) positive = to;
    else negative = to;
    const top = Math.min(plot.y(from), plot.y(to));
    const height = Math.abs(plot.y(to) - plot.y(from));
    if (height > 0) pdf.rect(x, top, barWidth, height).fill(barColor(series, index));
    // A thin white seam tells stacked segments apart when two colours are close.
    if (height > 2) pdf.rect(x, top, barWidth, height).lineWidth(0.5).strokeColor(COLOR.white).stroke();
  });
  if (showValues) valueLabel(pdf, positive + negative, x + barWidth / 2, plot.y(positive) - 9);
}

function valueLabel(pdf: Pdf, value: number, centre: number, y: number): void {
  useFont(pdf, FONT.regular, 6.5, COLOR.muted);
  textCentredAt(pdf, formatNumber(value), centre, y);
}

// ---------------------------------------------------------------- line charts

function drawLineChart(pdf: Pdf, chart: LineChart, box: Box): void {
  const legend = chart.series.map((series, index) => ({
    label: seriesLabel(series),
    color: seriesColor(index),
    line: { dashed: series.forecast === true },
  }));
  const known = chart.series.flatMap((series) => series.values.filter((v): v is number => v !== null));
  const integers = known.every(Number.isInteger);
  const scale = niceScale(Math.min(0, ...known), Math.max(0, ...known), integers);
  const plot = drawAxes(pdf, box, chart.categories, legend, scale, chart.unit);
  chart.series.forEach((series, index) => {
    const points = series.values.map((value, category) =>
      value === null ? null : ([plot.left + plot.slot * (category + 0.5), plot.y(value)] as const),
    );
    drawPolyline(pdf, points, seriesColor(index), series.forecast === true);
  });
}

/** A series' line, broken where a value is missing, with a marker at each point. */
function drawPolyline(
  pdf: Pdf,
  points: readonly (readonly [number, number] | null)[],
  color: string,
  dashed: boolean,
): void {
  pdf.save();
  if (dashed) pdf.dash(4, { space: 3 });
  pdf.lineWidth(1.6).strokeColor(color);
  let drawing = false;
  for (const point of points) {
    if (!point) {
      drawing = false;
      continue;
    }
    if (drawing) pdf.lineTo(point[0], point[1]);
    else pdf.moveTo(point[0], point[1]);
    drawing = true;
  }
  pdf.stroke();
  pdf.restore();
  for (const point of points) {
    if (!point) continue;
    // Forecast points are hollow: a projection, not a measurement.
    if (dashed) pdf.circle(point[0], point[1], 2.2).lineWidth(1).fillAndStroke(COLOR.white, color);
    else pdf.circle(point[0], point[1], 2.2).fill(color);
  }
}

// ---------------------------------------------------------------- pie charts

function pieHeight(chart: PieChart): number {
  return Math.max(190, chart.slices.length * 15 + 30);
}

function drawPieChart(pdf: Pdf, chart: PieChart, box: Box): void {
  const total = chart.slices.reduce((sum, slice) => sum + Math.max(0, slice.value), 0);
  const radius = Math.min(85, (box.height - 20) / 2);
  const cx = box.x + radius + 10;
  const cy = box.y + Math.min(box.height, 2 * radius + 20) / 2;
  // drawChart drew a note instead when no slice is positive.
  if (total <= 0) return;
  let angle = -Math.PI / 2;
  chart.slices.forEach((slice, index) => {
    const sweep = (Math.max(0, slice.value) / total) * 2 * Math.PI;
    if (sweep > 0) drawSlice(pdf, cx, cy, radius, angle, sweep, seriesColor(index));
    angle += sweep;
  });
  drawSliceLabels(pdf, chart, total, cx, cy, radius);
  drawPieLegend(pdf, chart, total, {
    x: cx + radius + 30,
    y: box.y + 6,
    width: box.x + box.width - (cx + radius + 30),
    height: box.height,
  });
}

function drawSlice(
  pdf: Pdf,
  cx: number,
  cy: number,
  r: number,
  start: number,
  sweep: number,
  color: string,
): void {
  if (sweep >= 2 * Math.PI - 1e-9) {
    pdf.circle(cx, cy, r).fill(color);
    return;
  }
  const end = start + sweep;
  const large = sweep > Math.PI ? 1 : 0;
  const x0 = cx + r * Math.cos(start);
  const y0 = cy + r * Math.sin(start);
  const x1 = cx + r * Math.cos(end);
  const y1 = cy + r * Math.sin(end);
  pdf
    .path(`M ${cx} ${cy} L ${x0} ${y0} A ${r} ${r} 0 ${large} 1 ${x1} ${y1} Z`)
    .lineWidth(1)
    .fillAndStroke(color, COLOR.white);
}

/** The share of each slice large enough to hold it, printed inside it. */
function drawSliceLabels(pdf: Pdf, chart: PieChart, total: number, cx: number, cy: number, r: number): void {
  let angle = -Math.PI / 2;
  useFont(pdf, FONT.bold, 7.5, COLOR.white);
  for (const slice of chart.slices) {
    const share = Math.max(0, slice.value) / total;
    const mid = angle + share * Math.PI;
    angle += share * 2 * Math.PI;
    if (share < 0.06) continue;
    textCentredAt(pdf, percent(share), cx + r * 0.64 * Math.cos(mid), cy + r * 0.64 * Math.sin(mid) - 3.5);
  }
}

function drawPieLegend(pdf: Pdf, chart: PieChart, total: number, area: Box): void {
  const valueWidth = 90;
  chart.slices.forEach((slice, index) => {
    const y = area.y + index * 15;
    pdf.rect(area.x, y + 1, 9, 9).fill(seriesColor(index));
    useFont(pdf, FONT.regular, 8.5, COLOR.text);
    textAt(pdf, ellipsize(pdf, slice.label, area.width - valueWidth - 20), area.x + 15, y + 1);
    useFont(pdf, FONT.regular, 8.5, COLOR.muted);
    textRightAt(
      pdf,
      `${formatNumber(slice.value)}  (${percent(Math.max(0, slice.value) / total)})`,
      area.x + area.width,
      y + 1,
    );
  });
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

// ---------------------------------------------------------------- heat maps

const HEAT_ROW = 18;
const HEAT_MIN_CELL = 30;
const HEAT_MAX_CELL = 80;

/**
 * A grid of cells shaded by value, row and column labels around it and each value printed in its
 * cell. Too many columns for one width are split into several grids; rows go on over pages with
 * the column labels repeated.
 */
export function drawHeatMap(pdf: Pdf, block: HeatMapBlock): void {
  useFont(pdf, FONT.regular, 8);
  const labelWidth = Math.min(
    140,
    Math.max(60, ...block.rowLabels.map((label) => pdf.widthOfString(winAnsi(label)))) + 10,
  );
  const available = contentWidth(pdf) - labelWidth;
  const perGrid = Math.max(1, Math.floor(available / HEAT_MIN_CELL));
  const range = heatRange(block.values);
  blockHeading(pdf, block.title, 40 + HEAT_ROW * Math.min(3, block.rowLabels.length));
  for (const columns of columnGroups(block.columnLabels.length, perGrid)) {
    const cellWidth = Math.min(HEAT_MAX_CELL, available / Math.max(1, columns.length));
    const grid = { labelWidth, cellWidth, columns };
    // The column labels never sit alone at the foot of a page.
    ensureSpace(pdf, 30 + 2 * HEAT_ROW);
    drawHeatHeader(pdf, block, grid);
    block.rowLabels.forEach((label, row) => {
      if (pdf.y + HEAT_ROW > contentBottom(pdf)) {
        pdf.addPage();
        useFont(pdf, FONT.italic, 8, COLOR.muted);
        textAt(pdf, `${block.title} (continued)`, contentLeft(pdf), pdf.y);
        pdf.y += 12;
        drawHeatHeader(pdf, block, grid);
      }
      drawHeatRow(pdf, label, block.values[row] ?? [], grid, range);
    });
    pdf.y += 8;
  }
  drawHeatLegend(pdf, block.unit, range);
}

/** Column indexes in groups of at most `size`: one grid each. */
function columnGroups(count: number, size: number): number[][] {
  const groups: number[][] = [];
  for (let first = 0; first < count; first += size) {
    groups.push(Array.from({ length: Math.min(size, count - first) }, (_, i) => first + i));
  }
  return groups;
}

interface HeatGrid {
  labelWidth: number;
  cellWidth: number;
  columns: number[];
}

function drawHeatHeader(pdf: Pdf, block: HeatMapBlock, grid: HeatGrid): void {
  useFont(pdf, FONT.bold, 7, COLOR.text);
  const labels = grid.columns.map((column) =>
    fitLines(pdf, block.columnLabels[column] ?? '', grid.cellWidth - 4, 2),
  );
  const lines = Math.max(1, ...labels.map((l) => l.length));
  const top = pdf.y;
  labels.forEach((labelLines, index) => {
    const centre = contentLeft(pdf) + grid.labelWidth + grid.cellWidth * (index + 0.5);
    labelLines.forEach((line, lineIndex) => textCentredAt(pdf, line, centre, top + lineIndex * 8.5));
  });
  pdf.y = top + lines * 8.5 + 4;
}

function drawHeatRow(
  pdf: Pdf,
  label: string,
  values: readonly (number | null)[],
  grid: HeatGrid,
  range: { min: number; max: number } | null,
): void {
  const top = pdf.y;
  const left = contentLeft(pdf);
  useFont(pdf, FONT.regular, 8, COLOR.text);
  textAt(pdf, ellipsize(pdf, label, grid.labelWidth - 8), left, top + (HEAT_ROW - 8) / 2);
  grid.columns.forEach((column, index) => {
    const value = values[column] ?? null;
    const shade = heatShade(value, range?.min ?? 0, range?.max ?? 0);
    const x = left + grid.labelWidth + grid.cellWidth * index;
    pdf.rect(x, top, grid.cellWidth, HEAT_ROW).lineWidth(1).fillAndStroke(`#${shade.fill}`, COLOR.white);
    useFont(pdf, FONT.regular, 7.5, `#${shade.text}`);
    const text = value === null ? '—' : ellipsize(pdf, formatNumber(value), grid.cellWidth - 4);
    textCentredAt(pdf, text, x + grid.cellWidth / 2, top + (HEAT_ROW - 7.5) / 2);
  });
  pdf.y = top + HEAT_ROW;
}

/** A strip of shades from the lowest to the highest value, so a reader can read a cell's shade. */
function drawHeatLegend(pdf: Pdf, unit: string, range: { min: number; max: number } | null): void {
  ensureSpace(pdf, 24);
  const left = contentLeft(pdf);
  const top = pdf.y;
  useFont(pdf, FONT.regular, 7.5, COLOR.muted);
  if (!range) {
    textAt(pdf, `No ${unit} to shade.`, left, top);
    pdf.y = top + 20;
    return;
  }
  const steps = 10;
  textAt(pdf, formatNumber(range.min), left, top + 1);
  const stripLeft = left + pdf.widthOfString(formatNumber(range.min)) + 6;
  for (let i = 0; i < steps; i++) {
    const value = range.min + ((range.max - range.min) * i) / (steps - 1);
    pdf.rect(stripLeft + i * 14, top, 14, 9).fill(`#${heatShade(value, range.min, range.max).fill}`);
  }
  useFont(pdf, FONT.regular, 7.5, COLOR.muted);
  textAt(
    pdf,
    `${formatNumber(range.max)} ${unit}; a dash means nothing to count`,
    stripLeft + steps * 14 + 6,
    top + 1,
  );
  pdf.y = top + 24;
}
