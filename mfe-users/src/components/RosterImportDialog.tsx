import {
  formatFileSize,
  ROSTER_IMPORT_MAX_BYTES,
  type RosterImportResult,
  type RosterImportRowResult,
} from '@caliber/contracts';
import { Button, ErrorBox, LoadingState, Modal } from '@caliber/ui-kit';
import { FileRowsTable, lineColumn, statusColumn, textColumn, type DataColumn } from '@caliber/ui-widgets';
import { errorMessage } from '@caliber/web';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { previewRosterFile, RosterFileProblem, useImportRoster } from '../hooks/user-queries';
import {
  ACTION_LABELS,
  ACTION_TONES,
  applicableRows,
  applyLabel,
  changedFieldLabel,
  previewSummaryLine,
  ROSTER_FILE_ACCEPT,
  rosterColumnsLine,
} from '../utils/roster-file';

export interface RosterImportDialogProps {
  onClose(): void;
  onImported(result: RosterImportResult): void;
}

/**
 * 'Import roster': the Engineer or Admin chooses an XLSX or CSV file (refused here when it is not
 * one, or larger than the server takes), which is sent as it is (the request's body) and previewed
 * by the server row by row: what is added, changed, unchanged, and what is refused with every
 * reason. Nothing is written until 'Apply n rows' sends the same file again; the server then writes
 * the valid rows in one transaction.
 */
export function RosterImportDialog({ onClose, onImported }: RosterImportDialogProps) {
  const inputId = useId();
  const hintId = useId();
  const [onlyRefused, setOnlyRefused] = useState(false);
  // The file chosen, sent for the preview and again for Apply. A file chosen again replaces it, and
  // only the newest call's answer is shown.
  const [file, setFile] = useState<File | null>(null);
  const checking = useMutation({
    mutationFn: previewRosterFile,
    onSuccess: () => setOnlyRefused(false),
  });
  const importing = useImportRoster();

  function choose(chosen: File | undefined) {
    importing.reset();
    checking.reset();
    setFile(chosen ?? null);
    if (chosen) checking.mutate(chosen);
  }

  function apply(chosen: File) {
    importing.mutate(chosen, {
      onSuccess: (result) => onImported(result),
      // A write that timed out may still have been made: the rows are checked again, so what the
      // preview shows (and what Apply would write) is the roster as it now is. The failure stays.
      onError: () => checking.mutate(chosen),
    });
  }

  const preview = checking.data ?? null;
  const applying = importing.isPending;
  const busy = checking.isPending || applying;
  const refusedBeforeSending = checking.error instanceof RosterFileProblem;
  const error = importing.isError
    ? errorMessage(importing.error, 'Failed to import the roster.')
    : checking.error instanceof RosterFileProblem
      ? checking.error.message
      : checking.isError
        ? errorMessage(checking.error, 'Failed to read the roster file.')
        : null;
  const applicable = preview ? applicableRows(preview.summary) : 0;
  const rows =
    preview && onlyRefused ? preview.rows.filter((row) => row.action === 'refused') : preview?.rows;

  return (
    <Modal
      open
      // Wide, for the preview table; the kit keeps the title and 'Apply n rows' in reach while it scrolls.
      size="wide"
      title="Import roster"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={applying}>
            Cancel
          </Button>
          <Button
            onClick={() => file && apply(file)}
            disabled={!file || !preview || applicable === 0 || busy}
            busy={applying}
            busyLabel="Applying..."
          >
            {preview ? applyLabel(applicable) : 'Apply'}
          </Button>
        </>
      }
    >
      <div className="users-import">
        <p className="users-import__help" id={hintId}>
          {rosterColumnsLine()} An Export of the roster has all of them: use it as a template. A service
          number already on the roster changes that person; a new one adds a person. Nothing is written until
          you apply.
        </p>
        <div className="ck-field">
          <label className="ck-field__label" htmlFor={inputId}>
            Roster file (.xlsx or .csv, at most {formatFileSize(ROSTER_IMPORT_MAX_BYTES)})
          </label>
          <input
            id={inputId}
            className="ck-file-input"
            type="file"
            accept={ROSTER_FILE_ACCEPT}
            aria-describedby={hintId}
            disabled={applying}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </div>

        {error ? (
          <ErrorBox>
            {error}
            {file && !preview && !busy && !refusedBeforeSending ? (
              <>
                {' '}
                <Button variant="link" onClick={() => checking.mutate(file)}>
                  Retry
                </Button>
              </>
            ) : null}
          </ErrorBox>
        ) : null}
        {checking.isPending ? <LoadingState text="Reading the file and checking the rows…" /> : null}

        {preview ? (
          <>
            <div className="users-import__summary" role="status">
              <strong>{previewSummaryLine(preview.summary)}</strong>
              {preview.summary.refused > 0 ? (
                <span className="muted"> Refused rows are left out when you apply.</span>
              ) : null}
            </div>
            {preview.summary.refused > 0 && preview.summary.refused < preview.rows.length ? (
              <label className="users-import__filter">
                <input
                  type="checkbox"
                  checked={onlyRefused}
                  onChange={(event) => setOnlyRefused(event.target.checked)}
                />
                Show only refused rows
              </label>
            ) : null}
            {rows && rows.length > 0 ? (
              <PreviewTable rows={rows} />
            ) : (
              <p className="muted">The file has no rows under its header.</p>
            )}
          </>
        ) : null}
      </div>
    </Modal>
  );
}

/** The preview, row by row: a long file's rows are drawn as they scroll into view; on a phone each row is a card. */
function PreviewTable({ rows }: { rows: readonly RosterImportRowResult[] }) {
  return (
    <FileRowsTable
      rows={rows}
      columns={PREVIEW_COLUMNS}
      refused={(row) => row.action === 'refused'}
      caption="The rows of the file and what applying does with each"
      label="Rows of the file"
      className="users-import__table"
    />
  );
}

const PREVIEW_COLUMNS: DataColumn<RosterImportRowResult>[] = [
  lineColumn((row) => row.line),
  textColumn('serviceNumber', 'Service #', (row) => row.serviceNumber, 'users-table__mono'),
  textColumn('name', 'Name', (row) => row.name),
  statusColumn('action', 'Action', (row) => row.action, ACTION_TONES, ACTION_LABELS),
  { id: 'details', header: 'Details', cell: (row) => <RowDetails row={row} /> },
];

function RowDetails({ row }: { row: RosterImportRowResult }) {
  if (row.action === 'refused')
    return (
      <ul className="ck-data-table__list ck-data-table__list--danger">
        {row.errors.map((reason, index) => (
          <li key={index}>{reason}</li>
        ))}
      </ul>
    );
  if (row.action === 'change')
    return <span>Changes: {row.changes.map(changedFieldLabel).join(', ') || '—'}</span>;
  return <span className="muted">{row.action === 'add' ? 'New to the roster' : 'Same as the roster'}</span>;
}
