import {
  formatFileSize,
  ROSTER_IMPORT_MAX_BYTES,
  type RosterImportPreview,
  type RosterImportRequest,
  type RosterImportResult,
  type RosterImportRowResult,
} from '@caliber/contracts';
import { Button, ErrorBox, LoadingState, Modal } from '@caliber/ui-kit';
import { FileRowsTable, lineColumn, statusColumn, textColumn, type DataColumn } from '@caliber/ui-widgets';
import { api, errorMessage } from '@caliber/web';
import { useEffect, useId, useRef, useState } from 'react';
import { useImportRoster } from '../hooks/user-queries';
import {
  ACTION_LABELS,
  ACTION_TONES,
  applicableRows,
  applyLabel,
  changedFieldLabel,
  previewSummaryLine,
  ROSTER_FILE_ACCEPT,
  rosterColumnsLine,
  rosterImportRequest,
} from '../utils/roster-file';

type Phase = 'idle' | 'reading' | 'previewing' | 'applying';

export interface RosterImportDialogProps {
  onClose(): void;
  onImported(result: RosterImportResult): void;
}

/**
 * 'Import roster': the Engineer or Admin chooses an XLSX or CSV file (refused here when it is not
 * one, or larger than the server takes), which is read as base64 and previewed by the server row
 * by row: what is added, changed, unchanged, and what is refused with every reason. Nothing is
 * written until 'Apply n rows' sends the same file again; the server then writes the valid rows in
 * one transaction.
 */
export function RosterImportDialog({ onClose, onImported }: RosterImportDialogProps) {
  const inputId = useId();
  const hintId = useId();
  const [request, setRequest] = useState<RosterImportRequest | null>(null);
  const [preview, setPreview] = useState<RosterImportPreview | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [onlyRefused, setOnlyRefused] = useState(false);
  // Each file chosen is an attempt; the answer to an older one is dropped.
  const attempt = useRef(0);
  const previewCall = useRef<AbortController | null>(null);
  const importing = useImportRoster();

  useEffect(() => () => previewCall.current?.abort(), []);

  /** `keptError`: a failed apply's message, which stays shown while the preview is checked again. */
  async function runPreview(body: RosterImportRequest, id: number, keptError: string | null = null) {
    previewCall.current?.abort();
    const controller = new AbortController();
    previewCall.current = controller;
    setPhase('previewing');
    setError(keptError);
    try {
      const answer = await api.post<RosterImportPreview>('/users/import/preview', body, {
        signal: controller.signal,
      });
      if (id !== attempt.current) return;
      setPreview(answer);
      setOnlyRefused(false);
    } catch (failure) {
      if (controller.signal.aborted || id !== attempt.current) return;
      setError(keptError ?? errorMessage(failure, 'Failed to read the roster file.'));
    } finally {
      if (id === attempt.current) setPhase('idle');
    }
  }

  async function choose(file: File | undefined) {
    const id = ++attempt.current;
    previewCall.current?.abort();
    setPreview(null);
    setRequest(null);
    setError(null);
    if (!file) return setPhase('idle');
    setPhase('reading');
    let check: Awaited<ReturnType<typeof rosterImportRequest>>;
    try {
      check = await rosterImportRequest(file);
    } catch {
      check = { ok: false, message: 'The file cannot be read. Choose it again.' };
    }
    if (id !== attempt.current) return;
    if (!check.ok) {
      setError(check.message);
      return setPhase('idle');
    }
    setRequest(check.body);
    await runPreview(check.body, id);
  }

  async function apply() {
    if (!request) return;
    setPhase('applying');
    setError(null);
    try {
      onImported(await importing.mutateAsync(request));
    } catch (failure) {
      // A write that timed out may still have been made: the preview is asked again, so what it
      // shows (and what Apply would write) is the roster as it now is.
      await runPreview(request, attempt.current, errorMessage(failure, 'Failed to import the roster.'));
    }
  }

  const applicable = preview ? applicableRows(preview.summary) : 0;
  const busy = phase !== 'idle';
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
          <Button variant="secondary" onClick={onClose} disabled={phase === 'applying'}>
            Cancel
          </Button>
          <Button
            onClick={apply}
            disabled={!preview || applicable === 0 || busy}
            busy={phase === 'applying'}
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
            disabled={phase === 'applying'}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </div>

        {error ? (
          <ErrorBox>
            {error}
            {request && !preview && phase === 'idle' ? (
              <>
                {' '}
                <Button variant="link" onClick={() => void runPreview(request, attempt.current)}>
                  Retry
                </Button>
              </>
            ) : null}
          </ErrorBox>
        ) : null}
        {phase === 'reading' || phase === 'previewing' ? (
          <LoadingState text={phase === 'reading' ? 'Reading the file…' : 'Checking the rows…'} />
        ) : null}

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
