import {
  INVENTORY_IMPORT_ACTIONS,
  INVENTORY_IMPORT_ROWS_PAGE,
  type InventoryImportAction,
  type InventoryImportRowDto,
  type InventoryImportRowsPage,
  type InventoryImportSummary,
} from '@caliber/contracts';
import { LoadStates, Pager } from '@caliber/ui-kit';
import { FileRowsTable, lineColumn, statusColumn, textColumn, type DataColumn } from '@caliber/ui-widgets';
import { apiQuery, errorMessage, inventoryImportKeys, Link } from '@caliber/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { ACTION_LABELS, ACTION_TONES, changeLine, problemLine, rowsQuery } from '../utils/inventory-import';

const count = (value: number) => value.toLocaleString('en');

export interface ImportRowsTableProps {
  importId: string;
  summary: InventoryImportSummary;
  /** After Apply the rows say what was done, and each written device links to its page. */
  applied: boolean;
}

/**
 * A staged import's rows, a page at a time from the server, in file order: all of them or those
 * of one action. Each says its line, serial and name, and what applying does with it: the fields
 * an update changes (from → to), or every reason a row is refused with the cell it is in. While
 * another page or action loads, the rows shown stay.
 */
export function ImportRowsTable({ importId, summary, applied }: ImportRowsTableProps) {
  const filterName = useId();
  const headingId = useId();
  const [action, setAction] = useState<InventoryImportAction | ''>('');
  const [page, setPage] = useState(1);
  const query = rowsQuery(page, INVENTORY_IMPORT_ROWS_PAGE, action);
  const rows = useQuery({
    queryKey: inventoryImportKeys.rows(importId, query),
    queryFn: apiQuery<InventoryImportRowsPage>(
      `/inventory-imports/${encodeURIComponent(importId)}/rows?${query}`,
    ),
    placeholderData: keepPreviousData,
  });
  const total = INVENTORY_IMPORT_ACTIONS.reduce((sum, key) => sum + summary[key], 0);
  const choices: { value: InventoryImportAction | ''; label: string; count: number }[] = [
    { value: '', label: 'All', count: total },
    ...INVENTORY_IMPORT_ACTIONS.map((key) => ({
      value: key,
      label: ACTION_LABELS[key],
      count: summary[key],
    })),
  ];

  return (
    <section className="import-rows" aria-labelledby={headingId}>
      <h2 className="import-rows__heading" id={headingId}>
        {applied ? 'What was done, row by row' : 'Rows of the file'}
      </h2>
      <fieldset className="import-filter">
        <legend className="ck-field__label">Show</legend>
        {choices.map((choice) => (
          <label key={choice.value || 'all'} className="import-filter__choice">
            <input
              type="radio"
              name={filterName}
              value={choice.value}
              checked={action === choice.value}
              onChange={() => {
                setAction(choice.value);
                setPage(1);
              }}
            />
            <span>
              {choice.label} <span className="import-filter__count">({count(choice.count)})</span>
            </span>
          </label>
        ))}
      </fieldset>

      <LoadStates
        data={rows.data ?? null}
        error={rows.isError ? errorMessage(rows.error, 'Failed to load the rows of the file.') : null}
        onRetry={() => void rows.refetch()}
        loadingText="Loading the rows…"
      >
        {(data) =>
          data.rows.length === 0 ? (
            <p className="muted">No rows of this kind.</p>
          ) : (
            <>
              <p className="muted import-rows__range" aria-live="polite">
                Rows {count((data.page - 1) * data.limit + 1)}–
                {count((data.page - 1) * data.limit + data.rows.length)} of {count(data.total)}
                {rows.isFetching ? ' (updating…)' : ''}
              </p>
              <InventoryRows rows={data.rows} applied={applied} />
              <Pager page={data.page} totalPages={data.pages} label="Pages of rows" onPage={setPage} />
            </>
          )
        }
      </LoadStates>
    </section>
  );
}

/** The rows as the kit's data table; on a phone each row is a card. */
function InventoryRows({ rows, applied }: { rows: readonly InventoryImportRowDto[]; applied: boolean }) {
  const columns = useMemo(() => inventoryColumns(applied), [applied]);
  return (
    <FileRowsTable
      rows={rows}
      columns={columns}
      refused={(row) => row.action === 'refused'}
      caption={`Each row of the file: its line, serial number and name, and what ${applied ? 'was done' : 'applying does'} with it`}
      label="Rows of the file"
      className="import-table"
    />
  );
}

function inventoryColumns(applied: boolean): DataColumn<InventoryImportRowDto>[] {
  return [
    lineColumn((row) => row.line),
    {
      id: 'serial',
      header: 'Serial number',
      className: 'import-table__serial',
      cell: (row) =>
        row.serialNumber ? (
          applied && row.equipmentId ? (
            <Link to={`/equipment/${encodeURIComponent(row.equipmentId)}`}>{row.serialNumber}</Link>
          ) : (
            row.serialNumber
          )
        ) : (
          <span className="muted">—</span>
        ),
    },
    textColumn('name', 'Name', (row) => row.name),
    statusColumn('action', 'Action', (row) => row.action, ACTION_TONES, ACTION_LABELS),
    { id: 'details', header: 'Details', cell: (row) => <RowDetails row={row} applied={applied} /> },
  ];
}

function RowDetails({ row, applied }: { row: InventoryImportRowDto; applied: boolean }) {
  switch (row.action) {
    case 'refused':
      return (
        <ul className="ck-data-table__list ck-data-table__list--danger">
          {row.problems.map((problem, index) => (
            <li key={index}>{problemLine(problem)}</li>
          ))}
        </ul>
      );
    case 'update':
      return (
        <ul className="ck-data-table__list">
          {row.changes.map((change) => (
            <li key={change.field}>{changeLine(change)}</li>
          ))}
        </ul>
      );
    case 'add':
      return <span className="muted">{applied ? 'Added to the inventory' : 'New to the inventory'}</span>;
    case 'unchanged':
      return <span className="muted">Same as the inventory</span>;
  }
}
