import { Badge, type BadgeTone } from '@caliber/ui-kit';
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { useMemo, useRef, type ReactNode } from 'react';
import './data-table.css';

/** One column: its header (also each cell's label when a row is a card on a phone) and its cell. */
export interface DataColumn<Row> {
  /** Unique among the table's columns. */
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** The cell's own class (a serial number that may break anywhere, a muted line number). */
  className?: string;
}

/**
 * A status cell: a badge in the status's tone with its words ('Refused' in red). A screen reader
 * reads the words; the colour only repeats them.
 */
export function statusColumn<Row, Status extends string>(
  id: string,
  header: string,
  status: (row: Row) => Status,
  tones: Readonly<Record<Status, BadgeTone>>,
  labels: Readonly<Record<Status, string>>,
): DataColumn<Row> {
  return { id, header, cell: (row) => <Badge tone={tones[status(row)]}>{labels[status(row)]}</Badge> };
}

/** A cell of text that may be empty: an empty one shows a muted dash, so the cell is not left blank. */
export function textColumn<Row>(
  id: string,
  header: string,
  value: (row: Row) => string | null | undefined,
  className?: string,
): DataColumn<Row> {
  return { id, header, className, cell: (row) => value(row) || <span className="muted">—</span> };
}

/** The line of a file a row comes from, in tabular figures so long files line up. */
export function lineColumn<Row>(line: (row: Row) => number, header = 'Line'): DataColumn<Row> {
  return { id: 'line', header, className: 'ck-data-table__line', cell: (row) => line(row) };
}

/** How a row stands out: 'danger' tints it and marks its edge red (a refused row of a file). */
export type RowTone = 'danger';

export interface DataTableProps<Row extends RowData> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  /** Stable and unique: React keeps each row's DOM by it, and the virtualiser its measured height. */
  rowKey(row: Row): string;
  /** The row's accessible name ('Line 12'): how a screen reader and a test find one row. */
  rowLabel(row: Row): string;
  rowTone?(row: Row): RowTone | undefined;
  /** Read to a screen reader only: what the table holds. */
  caption: ReactNode;
  /** The scrolling frame's name (it is a focusable region, so the rows scroll from the keyboard). */
  label: string;
  /** Smaller print, for a file's many columns. */
  dense?: boolean;
  /** The table's own class, for a remote's column widths or label width on a phone. */
  className?: string;
  /**
   * From how many rows the body is virtualised: only the rows in view (and a few either side)
   * are in the DOM. A preview of a 2,500-row file would otherwise draw 12,500 cells at once.
   */
  virtualFrom?: number;
  /** A row's height before it is measured (the first window is laid out with it). */
  estimateRowHeight?: number;
  /**
   * The scrolling frame's size before it is measured, and while it measures 0 × 0 (jsdom has no
   * layout; a frame not shown yet): the frame's largest size unless given.
   */
  initialRect?: Rect;
}

export const VIRTUAL_FROM = 200;
const ESTIMATE_ROW_HEIGHT = 44;
const OVERSCAN = 8;
/** The virtualised frame's largest size (data-table.css), as a first guess of its size. */
const FRAME_RECT: Rect = { width: 960, height: 560 };

const features = tableFeatures({});
type Columns<Row extends RowData> = ColumnDef<typeof features, Row>[];

/**
 * The kit's data table: a real `<table>` with column headers and a caption, drawn with the kit's
 * `.ck-table` in a focusable `.ck-table-frame`, and on a phone each row a card whose cells show
 * their column's name (`data-label`). Short tables draw every row; from `virtualFrom` rows the body
 * is virtualised inside a frame of its own height that scrolls, and the table keeps telling a
 * screen reader how many rows there are and which one each is (`aria-rowcount`, `aria-rowindex`).
 */
export function DataTable<Row extends RowData>({
  rows,
  columns,
  rowKey,
  rowLabel,
  rowTone,
  caption,
  label,
  dense = false,
  className,
  virtualFrom = VIRTUAL_FROM,
  estimateRowHeight = ESTIMATE_ROW_HEIGHT,
  initialRect = FRAME_RECT,
}: DataTableProps<Row>) {
  const frame = useRef<HTMLDivElement>(null);
  const virtual = rows.length >= virtualFrom;
  const definitions = useMemo<Columns<Row>>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        cell: ({ row }) => column.cell(row.original),
      })),
    [columns],
  );
  const table = useTable({
    features,
    columns: definitions,
    data: rows,
    getRowId: (row) => rowKey(row),
  });
  const tableRows = table.getRowModel().rows;
  // Nothing here memoises what the virtualiser returns: its window is read again each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: virtual ? tableRows.length : 0,
    getScrollElement: () => frame.current,
    estimateSize: () => estimateRowHeight,
    getItemKey: (index) => tableRows[index]?.id ?? index,
    overscan: OVERSCAN,
    initialRect,
    // A frame without layout (jsdom, or not yet shown) measures 0 × 0: it keeps the size given.
    observeElementRect: (instance, changed) =>
      observeElementRect(instance, (rect) =>
        changed(rect.width === 0 && rect.height === 0 ? initialRect : rect),
      ),
    // A row is measured as drawn (a card on a phone is taller than a table row); an element
    // without layout (jsdom) keeps the estimate rather than counting as no height at all.
    measureElement: (element) => element.getBoundingClientRect().height || estimateRowHeight,
  });

  const items = virtual ? virtualizer.getVirtualItems() : [];
  const shown = virtual
    ? items.flatMap((item) => {
        const row = tableRows[item.index];
        return row ? [{ row, index: item.index }] : [];
      })
    : tableRows.map((row, index) => ({ row, index }));
  const before = virtual ? (items[0]?.start ?? 0) : 0;
  const after = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const columnCount = columns.length;

  return (
    <div
      ref={frame}
      className={`ck-table-frame${virtual ? ' ck-data-table-frame--virtual' : ''}`}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table
        className={['ck-table', 'ck-data-table', dense ? 'ck-table--dense' : '', className ?? '']
          .filter(Boolean)
          .join(' ')}
        aria-rowcount={virtual ? tableRows.length + 1 : undefined}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={virtual ? 1 : undefined}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 ? <Spacer height={before} columns={columnCount} /> : null}
          {shown.map(({ row, index }) => {
            const tone = rowTone?.(row.original);
            return (
              <tr
                key={row.id}
                ref={virtual ? virtualizer.measureElement : undefined}
                data-index={virtual ? index : undefined}
                aria-rowindex={virtual ? index + 2 : undefined}
                aria-label={rowLabel(row.original)}
                className={tone ? `ck-data-table__row--${tone}` : undefined}
              >
                {row.getAllCells().map((cell, at) => (
                  <td key={cell.id} data-label={columns[at]?.header} className={columns[at]?.className}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 ? <Spacer height={after} columns={columnCount} /> : null}
        </tbody>
      </table>
    </div>
  );
}

/** The height of the rows not drawn, above or below the window, so the scrollbar is true. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" className="ck-data-table__spacer">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}

/**
 * A file's rows (an import's preview): the data table in the smaller print, each row keyed and
 * named by its line ('Line 12'), a refused one in the danger tone.
 */
export function FileRowsTable<Row extends { line: number }>({
  refused,
  ...table
}: Omit<DataTableProps<Row>, 'rowKey' | 'rowLabel' | 'rowTone' | 'dense'> & { refused(row: Row): boolean }) {
  return (
    <DataTable
      {...table}
      dense
      rowKey={(row) => String(row.line)}
      rowLabel={(row) => `Line ${row.line}`}
      rowTone={(row) => (refused(row) ? 'danger' : undefined)}
    />
  );
}
