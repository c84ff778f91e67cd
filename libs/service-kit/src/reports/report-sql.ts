import {
  isStorableDate,
  MAX_REPORT_PERIOD_DAYS,
  periodDays,
  type ReportRowsPage,
  type ReportScope,
} from '@caliber/contracts';
import { isTimeZone } from '../config';
import { ServiceError } from '../service-error';
import type { DataSource } from 'typeorm';

/**
 * The SQL shared by the report figures: a statement's bound parameters, the period's bounds in the
 * hospital's time zone, the place filters, and keyset pages. Every value from a request is bound
 * ($n), never written into the text; only column names chosen in code are.
 */

/** Refuses a scope whose period runs backwards, is longer than a report may cover, or whose zone is unknown. */
export function checkedScope(scope: ReportScope): ReportScope {
  if (scope.from > scope.to)
    throw ServiceError.validation([{ path: 'scope.from', message: 'Start date cannot be after end date.' }]);
  if (periodDays(scope.from, scope.to) > MAX_REPORT_PERIOD_DAYS)
    throw ServiceError.validation([
      { path: 'scope.to', message: `A report covers at most ${MAX_REPORT_PERIOD_DAYS} days.` },
    ]);
  if (!isTimeZone(scope.timeZone))
    throw ServiceError.validation([
      { path: 'scope.timeZone', message: `${scope.timeZone.slice(0, 64)} is not a known time zone.` },
    ]);
  return scope;
}

/**
 * One statement's parameters, bound as the text asks for them; each fragment of the scope is bound
 * once however often the text repeats it (PostgreSQL refuses a parameter the text never uses).
 */
export class ReportSql {
  readonly params: unknown[] = [];
  private readonly bound = new Map<string, string>();

  constructor(private readonly scope: ReportScope) {}

  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  private once(name: string, value: () => unknown): string {
    let placeholder = this.bound.get(name);
    if (!placeholder) {
      placeholder = this.bind(value());
      this.bound.set(name, placeholder);
    }
    return placeholder;
  }

  get zone(): string {
    return `${this.once('zone', () => this.scope.timeZone)}::text`;
  }

  /** The period's first instant: `from` 00:00 in the hospital's zone. */
  get start(): string {
    return `((${this.once('from', () => this.scope.from)}::date)::timestamp AT TIME ZONE ${this.zone})`;
  }

  /** Just after the period's last instant: the day after `to`, 00:00, or now when that is later. */
  get stop(): string {
    return `LEAST(((${this.once('to', () => this.scope.to)}::date + 1)::timestamp AT TIME ZONE ${this.zone}), now())`;
  }

  get fromDate(): string {
    return `${this.once('from', () => this.scope.from)}::date`;
  }

  get toDate(): string {
    return `${this.once('to', () => this.scope.to)}::date`;
  }

  /** Today's date on the hospital's wall. */
  get today(): string {
    return `(now() AT TIME ZONE ${this.zone})::date`;
  }

  /** The scope's departments and categories (an empty list keeps every one). */
  places(department: string, category: string): string {
    const departments = this.once('departments', () => this.scope.departments);
    const categories = this.once('categories', () => this.scope.categories);
    return `(cardinality(${departments}::text[]) = 0 OR ${department} = ANY(${departments}::text[]))
        AND (cardinality(${categories}::text[]) = 0 OR ${category} = ANY(${categories}::text[]))`;
  }
}

/** Hours to two decimals, as every report shows them. */
export function hours(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The SQL type of a sort key, which says how its cursor value is checked and cast back. */
export type KeyType = 'text' | 'uuid' | 'date' | 'timestamptz';

const VALID_KEY: Record<KeyType, (value: string) => boolean> = {
  text: () => true,
  uuid: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
  // Any date the column can hold: older rows may predate the fields' bounds.
  date: isStorableDate,
  timestamptz: (value) => !Number.isNaN(Date.parse(value)),
};

/** A list's order: columns of the list's rows, ascending, the last one unique. */
export interface KeysetOrder {
  columns: readonly string[];
  types: readonly KeyType[];
}

function refuseCursor(): never {
  throw ServiceError.validation([{ path: 'after', message: 'after is not a position this list gave.' }]);
}

/**
 * The previous page's last sort key, from the `next` this service gave (empty: the first page).
 * `next` is the key's JSON as it is, not base64: a 120-character name in any script stays within
 * the 300 characters a request's `after` may hold.
 */
export function cursorOf(after: string, order: KeysetOrder): string[] | null {
  if (after === '') return null;
  let values: unknown;
  try {
    values = JSON.parse(after);
  } catch {
    refuseCursor();
  }
  const valid =
    Array.isArray(values) &&
    values.length === order.columns.length &&
    values.every((value, index) => {
      const type = order.types[index];
      return typeof value === 'string' && type !== undefined && VALID_KEY[type](value);
    });
  if (!valid) refuseCursor();
  return values as string[];
}

/** The `next` that continues a list after `row`. */
export function cursorAfter(row: Record<string, unknown>, order: KeysetOrder): string {
  return JSON.stringify(order.columns.map((column) => String(row[column])));
}

export interface PageRequest {
  after: string;
  limit: number;
}

/**
 * One page of a list and the list's total, in one statement: `withClause` defines the CTE `list`
 * (its rows carry the order's columns); rows come back as JSON objects in the list's order.
 */
export async function keysetPage<Row extends Record<string, unknown>, T>(
  dataSource: DataSource,
  sql: ReportSql,
  withClause: string,
  order: KeysetOrder,
  request: PageRequest,
  toRow: (row: Row) => T,
): Promise<ReportRowsPage<T>> {
  const cursor = cursorOf(request.after, order);
  const columns = order.columns.map((column) => `l."${column}"`).join(', ');
  const after = cursor
    ? `WHERE (${columns}) > (${cursor.map((value, index) => `${sql.bind(value)}::${order.types[index] ?? 'text'}`).join(', ')})`
    : '';
  // One row more than asked tells whether another page follows.
  const limit = sql.bind(request.limit + 1);
  // Only the first page counts the list (see `ReportRowsPage.total`).
  const total = cursor ? 'NULL::int' : '(SELECT count(*)::int FROM list)';
  const [answer] = (await dataSource.query(
    `${withClause}
     SELECT ${total} AS "total",
            COALESCE((SELECT json_agg(p ORDER BY ${order.columns.map((column) => `p."${column}"`).join(', ')})
                        FROM (SELECT * FROM list l ${after} ORDER BY ${columns} LIMIT ${limit}) p), '[]'::json) AS "rows"`,
    sql.params,
  )) as [{ total: number | null; rows: Row[] }];
  const rows = answer.rows.slice(0, request.limit);
  const last = rows.at(-1);
  return {
    rows: rows.map(toRow),
    next: answer.rows.length > request.limit && last ? cursorAfter(last, order) : null,
    total: answer.total,
  };
}

/** A timestamp as JSON gave it (PostgreSQL's ISO form) in the contracts' ISO form. */
export function isoOf(value: string): string {
  return new Date(value).toISOString();
}
