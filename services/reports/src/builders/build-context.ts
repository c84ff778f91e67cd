import type { ActingUser, ReportOptions, ReportScope } from '@caliber/contracts';
import type { ReportDataClient } from '../data/report-data.client';
import type { Cell, ReportSection, TableBlock, TableColumn } from '../document/report-document';
import type { ReportScratch } from './scratch';

/** What every report builder reads: who it is for, what it covers, and where the data comes from. */
export interface BuildContext {
  scope: ReportScope;
  user: ActingUser;
  data: ReportDataClient;
  options: ReportOptions;
  /** The hospital currency every amount is in (an Admin sets it; `REPORT_CURRENCY` until then). */
  currency: string;
  /** `YYYY-MM-DD` in the hospital's time zone. */
  today: string;
  /** The report's scratch files (removed once it is written): a long table read twice is kept there. */
  scratch: ReportScratch;
}

export type ReportBuilder = (context: BuildContext) => Promise<ReportSection>;

/**
 * A detail table read page by page from its owner. The first page is read now, so the table knows
 * how many rows it has (a DOCX writes the first ones and says how many there are) and a service
 * that cannot answer fails the report before any file is written.
 */
export async function pagedTable<T>(
  context: BuildContext,
  subject: string,
  table: { title: string; columns: TableColumn[]; note?: string },
  toCells: (row: T) => Cell[],
): Promise<TableBlock> {
  const pages = context.data.pages<T>(subject, context.scope, context.user);
  const first = await pages.next();
  return {
    kind: 'table',
    ...table,
    currency: context.currency,
    totalRows: first.done ? 0 : (first.value.total ?? 0),
    rows: async function* () {
      if (first.done) return;
      for await (const page of readAhead(pages, first)) yield page.rows.map(toCells);
    },
  };
}

const ignore = () => undefined;

/**
 * `first`, then the rest of `source`, each page asked for as soon as the one before is handed on:
 * the service that owns the rows reads the next page while the writer writes this one, rather than
 * each waiting on the other. One page at most waits, so memory stays at two pages. A reader that
 * stops early (the DOCX and PDF show the first rows) lets the page in flight land, then closes
 * `source`; a page that fails fails the reading, at that page.
 */
export async function* readAhead<T>(source: AsyncIterator<T>, first: IteratorResult<T>): AsyncGenerator<T> {
  let current = first;
  let pending: Promise<IteratorResult<T>> | null = null;
  try {
    while (!current.done) {
      pending = source.next();
      // Its failure is met where it is awaited below; until then it must not count as unhandled.
      pending.catch(ignore);
      yield current.value;
      current = await pending;
      pending = null;
    }
  } finally {
    if (pending) await pending.catch(ignore);
    await source.return?.();
  }
}

/** A table whose rows are already in hand (aggregates: departments, categories, the top ten). */
export function fixedTable(
  title: string,
  columns: TableColumn[],
  rows: Cell[][],
  extra: { note?: string; currency?: string } = {},
): TableBlock {
  return {
    kind: 'table',
    title,
    columns,
    totalRows: rows.length,
    ...extra,
    rows: async function* () {
      yield rows;
    },
  };
}

/** "12.5%" from a fraction; "—" when there is nothing to divide. */
export function percent(value: number | null): string {
  return value === null ? '—' : `${(Math.floor(value * 1000) / 10).toFixed(1)}%`;
}

/** A count with thousands separators. */
export function count(value: number): string {
  return value.toLocaleString('en-GB');
}

/** Hours with one decimal, or "—". */
export function hours(value: number | null): string {
  return value === null
    ? '—'
    : `${value.toLocaleString('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} h`;
}

/**
 * An amount of money in the report's currency, or "—": with the currency's symbol ("US$31.00",
 * "€31.00"), or its code ("GHS 31.00") where the symbol has a character the PDF's standard fonts
 * cannot draw (the cedi's ₵ would print as "?").
 */
export function money(value: number | null, currency: string): string {
  if (value === null) return '—';
  const withSymbol = value.toLocaleString('en-GB', { style: 'currency', currency, maximumFractionDigits: 2 });
  return /^[\u0020-\u00ff€]*$/.test(withSymbol)
    ? withSymbol
    : value.toLocaleString('en-GB', {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
        maximumFractionDigits: 2,
      });
}

/** `part ÷ whole`, or null when the whole is zero. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** "ICU, NICU" or "every department" — what a summary says the figures cover. */
export function scopeWords(scope: ReportScope): string {
  const departments = scope.departments.length ? scope.departments.join(', ') : 'every department';
  const categories = scope.categories.length ? scope.categories.join(', ') : 'every category';
  return `${departments}; ${categories}`;
}
