import {
  readAsBase64,
  safetyImportRequestSchema,
  SAFETY_IMPORT_MAX_BYTES,
  SAFETY_IMPORT_MAX_ROWS,
  type SafetyImportApplied,
  type SafetyImportPreview,
  type SafetyImportRequest,
} from '@caliber/contracts';
import { Badge, Button, ErrorState, formatDate, Notice, PageHeader, Toggle } from '@caliber/ui-kit';
import { api, errorMessage, Link } from '@caliber/web';
import { useId, useState } from 'react';
import '../equipment.css';
import '../safety.css';

const FORMATS = [
  "Caliber's safety-test CSV",
  'Fluke Biomedical ESA615 / Ansur table (modelled: check against your export)',
  'Rigel 288+ / Med-eBase complete result',
];

type Phase = 'choose' | 'checking' | 'preview' | 'applying' | 'applied';

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

/**
 * /equipment/safety-tests/import (Engineers and Admins): tests taken on a safety analyser brought in
 * from its CSV export. Checking the file writes nothing: each row's device (by serial number), its
 * result computed from the IEC 62353 limits beside the analyser's own, and whether it will be
 * imported or why not. Import writes every importable row at once; a file imported again adds
 * nothing.
 */
export function SafetyImportPage() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [openRepairTasks, setOpenRepairTasks] = useState(true);
  const [phase, setPhase] = useState<Phase>('choose');
  const [preview, setPreview] = useState<SafetyImportPreview | null>(null);
  const [applied, setApplied] = useState<SafetyImportApplied | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  async function body(chosen: File): Promise<SafetyImportRequest | null> {
    if (chosen.size > SAFETY_IMPORT_MAX_BYTES) {
      setError(
        `The file is larger than ${SAFETY_IMPORT_MAX_BYTES / 1024 / 1024} MB: export fewer tests at a time.`,
      );
      return null;
    }
    const request = { fileName: chosen.name, content: await readAsBase64(chosen), openRepairTasks };
    const parsed = safetyImportRequestSchema.safeParse(request);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'The file cannot be sent.');
      return null;
    }
    return request;
  }

  async function check() {
    if (!file) return setError('Choose the analyser export (.csv) first.');
    setError(null);
    setPhase('checking');
    try {
      const request = await body(file);
      if (!request) return setPhase('choose');
      setPreview(await api.post<SafetyImportPreview>('/safety-tests/imports/preview', request));
      setPhase('preview');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to read the analyser file.'));
      setPhase('choose');
    }
  }

  async function apply() {
    if (!file) return;
    setError(null);
    setPhase('applying');
    try {
      const request = await body(file);
      if (!request) return setPhase('preview');
      setApplied(await api.post<SafetyImportApplied>('/safety-tests/imports/apply', request));
      setPhase('applied');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to import the tests.'));
      setPhase('preview');
    }
  }

  function startOver() {
    setFile(null);
    setPreview(null);
    setApplied(null);
    setPhase('choose');
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
      <ErrorState message={error} action="Dismiss" onAction={() => setError(null)} />

      {phase === 'choose' || phase === 'checking' ? (
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
            <Button variant="primary" onClick={() => void check()} disabled={phase === 'checking'}>
              {phase === 'checking' ? 'Checking…' : 'Check file'}
            </Button>
          </div>
        </section>
      ) : null}

      {shown ? (
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
          <div className="ck-table-frame">
            <table className="ck-table ck-table--dense import-table safety-table">
              <caption className="visually-hidden">Rows of the analyser file</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Serial number</th>
                  <th scope="col">Device</th>
                  <th scope="col">Tested</th>
                  <th scope="col">Result</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {shown.rows.map((row) => (
                  <tr
                    key={row.line}
                    className={row.outcome === 'refused' ? 'import-table__row--refused' : undefined}
                  >
                    <td data-label="Line" className="import-table__line">
                      {row.line}
                    </td>
                    <td data-label="Serial number" className="import-table__serial">
                      {row.serialNumber ?? '—'}
                    </td>
                    <td data-label="Device">{row.equipment?.name ?? '—'}</td>
                    <td data-label="Tested">{row.testedOn ? formatDate(row.testedOn) : '—'}</td>
                    <td data-label="Result">
                      <div>
                        {row.result ? (
                          <Badge tone={row.result === 'Pass' ? 'green' : 'red'}>{row.result}</Badge>
                        ) : (
                          '—'
                        )}
                        {row.result === 'Fail' ? (
                          <span className="safety-table__failed">{row.failed.join('; ')}</span>
                        ) : null}
                        {row.disagrees ? (
                          <span className="safety-table__disagrees">
                            The analyser said {row.analyserResult}; the IEC 62353 limits say {row.result}.
                          </span>
                        ) : null}
                      </div>
                    </td>
                    <td data-label="Outcome">
                      <div>
                        {row.outcome === 'import' ? (
                          applied ? (
                            row.repairTaskId ? (
                              <>
                                Imported ·{' '}
                                <Link to={`/tasks?task=${encodeURIComponent(row.repairTaskId)}`}>
                                  Repair task
                                </Link>
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
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="safety-form__actions">
            {!applied ? (
              <Button
                variant="primary"
                onClick={() => void apply()}
                disabled={phase === 'applying' || shown.importable === 0}
              >
                {phase === 'applying' ? 'Importing…' : `Import ${counted(shown.importable, 'test')}`}
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
