import {
  safetyImportQuerySchema,
  SAFETY_IMPORT_MAX_BYTES,
  SAFETY_IMPORT_MAX_ROWS,
  type SafetyImportApplied,
  type SafetyImportPreview,
  type SafetyImportRow,
} from '@caliber/contracts';
import { Badge, Button, ErrorState, formatDate, Notice, PageHeader, Toggle } from '@caliber/ui-kit';
import { FileRowsTable, lineColumn, textColumn, type DataColumn } from '@caliber/ui-widgets';
import { apiRequest, equipmentKeys, errorMessage, Link } from '@caliber/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import '../equipment.css';
import '../safety.css';

const FORMATS = [
  "Caliber's safety-test CSV",
  'Fluke Biomedical ESA615 / Ansur table (modelled: check against your export)',
  'Rigel 288+ / Med-eBase complete result',
];

/** "1 test", "3 tests". */
const counted = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** What the preview or the import says in one sentence. */
function summaryOf(shown: SafetyImportPreview, applied: SafetyImportApplied | null): string {
  if (applied)
    return `${counted(applied.imported, 'test')} imported from the ${applied.formatName} file; ${counted(
      applied.repairTasks,
      'Repair task',
    )} opened. ${counted(applied.refused, 'row was', 'rows were')} not imported.`;
  return `${shown.formatName}: ${counted(shown.importable, 'test')} will be imported (${shown.failing} of them failed); ${counted(
    shown.refused,
    'row',
  )} will not.`;
}

/** A file refused here, before it is sent: its message is shown as it is. */
class FileProblem extends Error {}

/**
 * Sends the chosen file itself as the body (the browser streams its bytes), its name and whether
 * failed tests open Repair tasks in the query; or says why it cannot be sent (too large, or a name
 * the contract refuses).
 */
function sendFile<T>(path: string, chosen: File, openRepairTasks: boolean): Promise<T> {
  if (chosen.size > SAFETY_IMPORT_MAX_BYTES)
    throw new FileProblem(
      `The file is larger than ${SAFETY_IMPORT_MAX_BYTES / 1024 / 1024} MB: export fewer tests at a time.`,
    );
  const query = { fileName: chosen.name, openRepairTasks: String(openRepairTasks) };
  const parsed = safetyImportQuerySchema.safeParse(query);
  if (!parsed.success) throw new FileProblem(parsed.error.issues[0]?.message ?? 'The file cannot be sent.');
  return apiRequest<T>('POST', `${path}?${new URLSearchParams(query).toString()}`, { file: chosen });
}

const failureText = (failure: unknown, fallback: string) =>
  failure instanceof FileProblem ? failure.message : errorMessage(failure, fallback);

/**
 * /equipment/safety-tests/import (Engineers and Admins): tests taken on a safety analyser brought in
 * from its CSV export. Checking the file writes nothing: each row's device (by serial number), its
 * result computed from the IEC 62353 limits beside the analyser's own, and whether it will be
 * imported or why not. Import writes every importable row at once; a file imported again adds
 * nothing.
 */
export function SafetyImportPage() {
  const fileId = useId();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [openRepairTasks, setOpenRepairTasks] = useState(true);
  const [missingFile, setMissingFile] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const checking = useMutation({
    mutationFn: async (chosen: File) =>
      sendFile<SafetyImportPreview>('/safety-tests/imports/preview', chosen, openRepairTasks),
  });
  const importing = useMutation({
    mutationFn: async (chosen: File) =>
      sendFile<SafetyImportApplied>('/safety-tests/imports/apply', chosen, openRepairTasks),
    // Devices gained tests (and perhaps Repair tasks): their safety sections read them again.
    onSuccess: () => void client.invalidateQueries({ queryKey: equipmentKeys.details() }),
  });

  const preview = checking.data ?? null;
  const applied = importing.data ?? null;
  const error = missingFile
    ? 'Choose the analyser export (.csv) first.'
    : importing.isError
      ? failureText(importing.error, 'Failed to import the tests.')
      : checking.isError
        ? failureText(checking.error, 'Failed to read the analyser file.')
        : null;
  const choosing = !preview || checking.isPending;

  function check() {
    importing.reset();
    if (!file) return setMissingFile(true);
    setMissingFile(false);
    checking.mutate(file);
  }

  function startOver() {
    setFile(null);
    checking.reset();
    importing.reset();
    setFormKey((key) => key + 1);
  }

  const shown = applied ?? preview;

  return (
    <div className="page import-page">
      <PageHeader
        title="Import safety tests"
        description="Bring electrical safety tests in from a safety analyser's CSV export: every row is checked before anything is written."
        actions={<Link to="/equipment">Back to Equipment Inventory</Link>}
      />
      <ErrorState
        message={error}
        action="Dismiss"
        onAction={() => {
          setMissingFile(false);
          // A failed import keeps its preview; a failed check has none to keep.
          if (importing.isError) importing.reset();
          else if (checking.isError) checking.reset();
        }}
      />

      {choosing ? (
        <section className="ck-card" aria-labelledby="safety-import-choose">
          <h2 className="ck-card__title" id="safety-import-choose">
            Choose a file
          </h2>
          <p className="import-help">
            Caliber reads: {FORMATS.join('; ')}. Devices are found by serial number. At most{' '}
            {SAFETY_IMPORT_MAX_ROWS.toLocaleString('en')} tests and {SAFETY_IMPORT_MAX_BYTES / 1024 / 1024} MB
            a file.
          </p>
          <div className="ck-field" key={formKey}>
            <label className="ck-field__label" htmlFor={fileId}>
              Analyser export (.csv)
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className="ck-input"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <Toggle
            label="Open a Repair task for each failed test"
            description="A High-priority Repair task per device whose test failed, naming what failed. Each takes its device out of use until the repair is certified."
            checked={openRepairTasks}
            onChange={setOpenRepairTasks}
          />
          <div className="safety-form__actions">
            <Button variant="primary" onClick={check} disabled={checking.isPending}>
              {checking.isPending ? 'Checking…' : 'Check file'}
            </Button>
          </div>
        </section>
      ) : null}

      {shown && !checking.isPending ? (
        <section className="ck-card" aria-labelledby="safety-import-preview">
          <h2 className="ck-card__title" id="safety-import-preview">
            {applied ? 'Imported' : 'Check the preview'}
          </h2>
          <p role="status">{summaryOf(shown, applied)}</p>
          {!applied && shown.importable > 0 ? (
            <Notice>
              {openRepairTasks
                ? shown.failing === 1
                  ? 'A Repair task will be opened for the failed test.'
                  : `A Repair task will be opened for each of the ${shown.failing} failed tests.`
                : 'No Repair task will be opened for the failed tests.'}
            </Notice>
          ) : null}
          <FileRowsTable
            rows={shown.rows}
            columns={applied ? APPLIED_COLUMNS : PREVIEW_COLUMNS}
            refused={(row) => row.outcome === 'refused'}
            caption="Rows of the analyser file"
            label="Rows of the analyser file"
            className="import-table safety-table"
          />
          <div className="safety-form__actions">
            {!applied ? (
              <Button
                variant="primary"
                onClick={() => file && importing.mutate(file)}
                disabled={importing.isPending || shown.importable === 0}
              >
                {importing.isPending ? 'Importing…' : `Import ${counted(shown.importable, 'test')}`}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={startOver}>
              {applied ? 'Import another file' : 'Choose another file'}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function safetyColumns(applied: boolean): DataColumn<SafetyImportRow>[] {
  return [
    lineColumn((row) => row.line),
    textColumn('serial', 'Serial number', (row) => row.serialNumber, 'import-table__serial'),
    textColumn('device', 'Device', (row) => row.equipment?.name),
    { id: 'tested', header: 'Tested', cell: (row) => (row.testedOn ? formatDate(row.testedOn) : '—') },
    {
      id: 'result',
      header: 'Result',
      cell: (row) => (
        <div>
          {row.result ? <Badge tone={row.result === 'Pass' ? 'green' : 'red'}>{row.result}</Badge> : '—'}
          {row.result === 'Fail' ? (
            <span className="safety-table__failed">{row.failed.join('; ')}</span>
          ) : null}
          {row.disagrees ? (
            <span className="safety-table__disagrees">
              The analyser said {row.analyserResult}; the IEC 62353 limits say {row.result}.
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'outcome',
      header: 'Outcome',
      cell: (row) => (
        <div>
          {row.outcome === 'import' ? (
            applied ? (
              row.repairTaskId ? (
                <>
                  Imported ·{' '}
                  <Link to={`/tasks?task=${encodeURIComponent(row.repairTaskId)}`}>Repair task</Link>
                </>
              ) : (
                'Imported'
              )
            ) : (
              'Will be imported'
            )
          ) : (
            <span className="safety-table__reason">{row.reason}</span>
          )}
        </div>
      ),
    },
  ];
}

const PREVIEW_COLUMNS = safetyColumns(false);
const APPLIED_COLUMNS = safetyColumns(true);
