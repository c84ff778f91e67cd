import type { ReportFormat, ReportType } from '@caliber/contracts';

/**
 * A report as the three writers (PDF, XLSX, DOCX) read it: what the data says, with no layout.
 * The report builders fill it from the domain services' answers; a writer decides only how it
 * looks in its format. Detail tables are row sources read page by page, so a writer that streams
 * (PDF, XLSX) holds one page of rows at a time whatever the size of the inventory.
 */
export interface ReportDocument {
  /** Shown on the cover and as the file's title, e.g. "Caliber maintenance report". */
  title: string;
  productName: string;
  generatedAt: Date;
  /** Who asked for it (a person's name, or "Schedule of {name}"). */
  generatedFor: string;
  /** The period the figures cover, `YYYY-MM-DD`, both days included. */
  period: { from: string; to: string };
  /** The filters applied, one line each ("Departments: ICU, NICU"), for the cover and summary. */
  filterLines: string[];
  options: ReportDocumentOptions;
  sections: ReportSection[];
}

export interface ReportDocumentOptions {
  format: ReportFormat;
  /** Draw the charts (bars, lines, pies) and heat maps as graphics; off, they are left out. */
  charts: boolean;
  /** Write each section's summary paragraphs; off, a section opens with its figures. */
  summary: boolean;
  /** XLSX: each table as an Excel table (banded, with its own filter buttons and totals row off). */
  interactiveExport: boolean;
  /** Line charts carry the least-squares forecast series the builders added (`forecast: true`). */
  trendPrediction: boolean;
  /** Heat map blocks are present (department × month matrices). */
  heatMaps: boolean;
}

/** One of the eight reports. */
export interface ReportSection {
  key: ReportType;
  /** "Equipment status", "Downtime analysis", … */
  title: string;
  /** Paragraphs of the key figures in words, and the filters applied. */
  summary: string[];
  blocks: ReportBlock[];
}

export type ReportBlock = FiguresBlock | TableBlock | ChartBlock | HeatMapBlock | NoteBlock;

/** Key figures: a short list of label and value, shown as a small two-column table or tiles. */
export interface FiguresBlock {
  kind: 'figures';
  title: string;
  figures: { label: string; value: string }[];
}

/** How a column's cells are written: XLSX number formats, right alignment of numbers. */
export type ColumnType =
  | 'text'
  | 'integer'
  /** A number with one or two decimals. */
  | 'decimal'
  /** A fraction 0–1, written as a percentage. */
  | 'percent'
  /** `YYYY-MM-DD`, written as a date. */
  | 'date'
  /** An ISO timestamp, written as date and time. */
  | 'datetime'
  /** An amount of money in the report's currency (`TableBlock.currency`). */
  | 'currency'
  /** Hours, one decimal. */
  | 'hours';

export interface TableColumn {
  header: string;
  type: ColumnType;
  /** Relative width hint (characters); writers fit widths to the content when absent. */
  width?: number;
}

/** A cell: text, a number, or nothing known (written as "—", never as 0). */
export type Cell = string | number | null;

export interface TableBlock {
  kind: 'table';
  /** Sheet and heading name, e.g. "Devices not serviceable". At most 31 characters for XLSX. */
  title: string;
  columns: TableColumn[];
  /** The rows, page by page; called once per writer run. */
  rows: () => AsyncIterable<readonly Cell[][]>;
  /** How many rows `rows` yields in all, when known (DOCX writes the first rows and says so). */
  totalRows?: number;
  /** ISO 4217 code of the `currency` columns, e.g. "USD". */
  currency?: string;
  /** A line under the table: what the figures mean, or what is not recorded. */
  note?: string;
}

export type ChartSpec = BarChart | LineChart | PieChart;

/** What a series' values mean, where a colour should say it: on time, late, missed, pending. */
export type SeriesTone = 'good' | 'warning' | 'bad' | 'neutral';

export interface BarChart {
  type: 'bar';
  categories: string[];
  series: { name: string; values: number[]; tone?: SeriesTone }[];
  /** Bars of one category stacked rather than side by side. */
  stacked?: boolean;
  unit?: string;
}

export interface LineChart {
  type: 'line';
  categories: string[];
  /** `forecast`: a projection, drawn dashed and labelled as a forecast; null where a series has no value. */
  series: { name: string; values: (number | null)[]; forecast?: boolean }[];
  unit?: string;
}

export interface PieChart {
  type: 'pie';
  slices: { label: string; value: number }[];
}

/** A chart; shown only when `options.charts` is on. XLSX writes its data as a small table instead. */
export interface ChartBlock {
  kind: 'chart';
  title: string;
  chart: ChartSpec;
}

/** A matrix shaded by value (department × month); shown only when heat maps were asked for. */
export interface HeatMapBlock {
  kind: 'heatmap';
  title: string;
  rowLabels: string[];
  columnLabels: string[];
  /** values[row][column]; null where there is nothing to count. */
  values: (number | null)[][];
  /** What a value is, e.g. "tasks" or "downtime hours". */
  unit: string;
}

/** A plain paragraph inside a section (e.g. "No spare-part costs are recorded for this period."). */
export interface NoteBlock {
  kind: 'note';
  text: string;
}

/** The MIME type and file extension of each format. */
export const REPORT_FILE_TYPES: Record<ReportFormat, { mime: string; extension: string }> = {
  pdf: { mime: 'application/pdf', extension: 'pdf' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
};
