import {
  INVENTORY_IMPORT_ACTIONS,
  INVENTORY_IMPORT_ROWS_PAGE,
  type InventoryImportAction,
  type InventoryImportRowDto,
  type InventoryImportRowsPage,
  type InventoryImportSummary,
} from '@caliber/contracts';
import { Badge, LoadStates, Pager } from '@caliber/ui-kit';
import { Link, useApiData } from '@caliber/web';
import { useId, useState } from 'react';
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
 * an update changes (from → to), or every reason a row is refused with the cell it is in.
 */
export function ImportRowsTable({ importId, summary, applied }: ImportRowsTableProps) {
  const filterName = useId();
  const headingId = useId();
  const [action, setAction] = useState<InventoryImportAction | ''>('');
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useApiData<InventoryImportRowsPage>(
    `/equipment/imports/${encodeURIComponent(importId)}/rows?${rowsQuery(page, INVENTORY_IMPORT_ROWS_PAGE, action)}`,
    'Failed to load the rows of the file.',
  );
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

      <LoadStates data={data} error={error} onRetry={reload} loadingText="Loading the rows…">
        {(data) =>
          data.rows.length === 0 ? (
            <p className="muted">No rows of this kind.</p>
          ) : (
            <>
              <p className="muted import-rows__range" aria-live="polite">
                Rows {count((data.page - 1) * data.limit + 1)}–
                {count((data.page - 1) * data.limit + data.rows.length)} of {count(data.total)}
                {loading ? ' (updating…)' : ''}
              </p>
              <RowsTable rows={data.rows} applied={applied} />
              <Pager page={data.page} totalPages={data.pages} label="Pages of rows" onPage={setPage} />
            </>
          )
        }
      </LoadStates>
    </section>
  );
}

/** The rows as a table; on a phone each row is a card. */
function RowsTable({ rows, applied }: { rows: readonly InventoryImportRowDto[]; applied: boolean }) {
  return (
    // Focusable, so a wide table scrolls from the keyboard too.
    <div className="ck-table-frame" tabIndex={0} role="region" aria-label="Rows of the file">
      <table className="ck-table ck-table--dense import-table">
        <caption className="visually-hidden">
          Each row of the file: its line, serial number and name, and what{' '}
          {applied ? 'was done' : 'applying does'} with it
        </caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Serial number</th>
            <th scope="col">Name</th>
            <th scope="col">Action</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.line}
              aria-label={`Line ${row.line}`}
              className={row.action === 'refused' ? 'import-table__row--refused' : undefined}
            >
              <td data-label="Line" className="import-table__line">
                {row.line}
              </td>
              <td data-label="Serial number" className="import-table__serial">
                {row.serialNumber ? (
                  applied && row.equipmentId ? (
                    <Link to={`/equipment/${encodeURIComponent(row.equipmentId)}`}>{row.serialNumber}</Link>
                  ) : (
                    row.serialNumber
                  )
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td data-label="Name">{row.name || <span className="muted">—</span>}</td>
              <td data-label="Action">
                <Badge tone={ACTION_TONES[row.action]}>{ACTION_LABELS[row.action]}</Badge>
              </td>
              <td data-label="Details">
                <RowDetails row={row} applied={applied} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RowDetails({ row, applied }: { row: InventoryImportRowDto; applied: boolean }) {
  switch (row.action) {
    case 'refused':
      return (
        <ul className="import-table__problems">
          {row.problems.map((problem, index) => (
            <li key={index}>{problemLine(problem)}</li>
          ))}
        </ul>
      );
    case 'update':
      return (
        <ul className="import-table__changes">
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
