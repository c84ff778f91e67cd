import {
  INVENTORY_IMPORT_KEEP_HOURS,
  type InventoryDateOrder,
  type InventoryFileType,
  type InventoryImportDto,
} from '@caliber/contracts';
import {
  Button,
  Card,
  ErrorState,
  formatDateTime,
  LoadingState,
  Modal,
  Notice,
  PageHeader,
} from '@caliber/ui-kit';
import { Link } from '@caliber/web';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { ImportRowsTable } from '../components/ImportRowsTable';
import { useDownload } from '../hooks/use-download';
import { useInventoryImport, type ImportPhase } from '../hooks/use-inventory-import';
import {
  appliedLine,
  applyQuestion,
  DATE_ORDER_CHOICES,
  dateOrderLine,
  importColumnsLine,
  INVENTORY_FILE_ACCEPT,
  inventoryFileLimits,
  inventoryFileProblem,
  summaryLine,
  writtenRows,
} from '../utils/inventory-import';
import '../equipment.css';

const STEPS: { title: string; phases: readonly ImportPhase[] }[] = [
  { title: 'Choose a file', phases: ['choose', 'uploading'] },
  { title: 'Check the preview', phases: ['preview', 'applying', 'discarding'] },
  { title: 'Apply', phases: ['applied'] },
];

const TEMPLATES: { format: InventoryFileType; label: string; accept: string }[] = [
  {
    format: 'xlsx',
    label: 'Excel template (.xlsx)',
    accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  { format: 'csv', label: 'CSV template (.csv)', accept: 'text/csv' },
];

const count = (value: number) => value.toLocaleString('en');

/**
 * /equipment/import (Engineers and Admins): a hospital's device list moved in from a spreadsheet.
 * The file is sent and checked row by row before anything is written: the preview says what
 * would be added, updated, left unchanged or refused (each reason with its cell), and how the
 * file's dates were read. Apply writes the valid rows (after saying how many); Discard drops the
 * staged import so another file, or another date order, can be tried.
 */
export function InventoryImportPage() {
  const flow = useInventoryImport();
  const templates = useDownload();
  const fileHintId = useId();
  const fileErrorId = useId();
  const dateOrderName = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dateOrder, setDateOrder] = useState<InventoryDateOrder>('auto');
  const [confirming, setConfirming] = useState(false);
  // Starting over after an applied import empties the file field (a new element).
  const [formKey, setFormKey] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  const choosing = flow.phase === 'choose' || flow.phase === 'uploading';
  const staged = flow.staged;
  const fileProblem = file ? inventoryFileProblem(file) : null;

  // Each new step's heading takes focus, so a keyboard or screen-reader user starts reading there.
  const step = STEPS.findIndex((candidate) => candidate.phases.includes(flow.phase));
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  function startOver() {
    flow.startOver();
    setFile(null);
    setFormKey((key) => key + 1);
  }

  const error = flow.error ?? templates.error;

  return (
    <div className="page import-page">
      <PageHeader
        title="Import Inventory"
        description="Bring a hospital's device list in from a spreadsheet: every row is checked before anything is written."
        actions={<Link to="/equipment">Back to Equipment Inventory</Link>}
      />

      <ol className="import-steps" aria-label="Steps">
        {STEPS.map((candidate, index) => (
          <li
            key={candidate.title}
            className={`import-steps__step${index === step ? ' import-steps__step--current' : ''}${index < step ? ' import-steps__step--done' : ''}`}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="import-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            {candidate.title}
          </li>
        ))}
      </ol>

      <ErrorState
        message={error}
        action="Dismiss"
        onAction={() => {
          flow.clearError();
          templates.reset();
        }}
      />

      {/* Kept while the preview shows, so after Discard the same file can go again with another date order. */}
      <section className="ck-card import-choose" hidden={!choosing} aria-labelledby="import-choose-title">
        <h2
          className="ck-card__title"
          id="import-choose-title"
          ref={choosing ? heading : undefined}
          tabIndex={-1}
        >
          Choose a file
        </h2>
        <p className="import-help">
          {importColumnsLine()} A serial number already in the inventory updates that device; a new one adds a
          device. Nothing is written until you apply.
        </p>
        <p className="import-templates">
          <span>Start from a template, or from an Export of the inventory:</span>
          {TEMPLATES.map((template) => (
            <Button
              key={template.format}
              variant="link"
              busy={templates.busy === template.format}
              busyLabel="Downloading..."
              onClick={() =>
                void templates.download({
                  name: template.format,
                  path: `/equipment/import/template?format=${template.format}`,
                  accept: template.accept,
                  fallbackName: `inventory-template.${template.format}`,
                  failure: 'Failed to download the template.',
                })
              }
            >
              {template.label}
            </Button>
          ))}
        </p>
        <form
          key={formKey}
          className="import-form"
          aria-label="Choose a file"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (file && !fileProblem) flow.upload(file, dateOrder);
          }}
        >
          <div className="ck-field">
            <label className="ck-field__label" htmlFor={`${fileHintId}-input`}>
              Inventory file ({inventoryFileLimits()})
            </label>
            <input
              id={`${fileHintId}-input`}
              name="file"
              className="ck-file-input"
              type="file"
              accept={INVENTORY_FILE_ACCEPT}
              aria-invalid={fileProblem ? true : undefined}
              aria-describedby={fileProblem ? fileErrorId : undefined}
              disabled={flow.phase === 'uploading'}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                flow.clearError();
              }}
            />
            {fileProblem ? (
              <span id={fileErrorId} className="ck-field__error" role="alert">
                {fileProblem}
              </span>
            ) : null}
          </div>
          <fieldset className="import-date-order" disabled={flow.phase === 'uploading'}>
            <legend className="ck-field__label">Dates written like 03/04/2021 are</legend>
            {DATE_ORDER_CHOICES.map((choice) => (
              <label key={choice.value} className="import-date-order__choice">
                <input
                  type="radio"
                  name={dateOrderName}
                  value={choice.value}
                  checked={dateOrder === choice.value}
                  onChange={() => setDateOrder(choice.value)}
                />
                <span>
                  <strong>{choice.label}</strong>
                  <span className="ck-field__hint import-date-order__hint">{choice.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="form-actions">
            <Button
              type="submit"
              busy={flow.phase === 'uploading'}
              busyLabel="Checking the file..."
              disabled={!file || Boolean(fileProblem)}
            >
              Upload and preview
            </Button>
          </div>
        </form>
        {flow.phase === 'uploading' ? (
          <LoadingState text="Reading the file and checking every row against the inventory…" />
        ) : null}
      </section>

      {staged && !choosing ? (
        flow.phase === 'applied' ? (
          <Applied staged={staged} headingRef={heading} onStartOver={startOver} />
        ) : (
          <Preview
            staged={staged}
            headingRef={heading}
            busy={flow.phase === 'applying' || flow.phase === 'discarding'}
            discarding={flow.phase === 'discarding'}
            onApply={() => setConfirming(true)}
            onDiscard={flow.discard}
          />
        )
      ) : null}

      {staged && !choosing ? (
        <Card className="import-rows-card">
          <ImportRowsTable
            key={`${staged._id}-${staged.state}`}
            importId={staged._id}
            summary={staged.summary}
            applied={staged.state === 'applied'}
          />
        </Card>
      ) : null}

      {confirming && staged ? (
        <Modal
          open
          title="Apply the import?"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                onClick={() => {
                  setConfirming(false);
                  flow.apply();
                }}
              >
                Apply
              </Button>
            </>
          }
        >
          <p className="import-confirm">{applyQuestion(staged.summary)}</p>
          <p className="muted">
            Each device written is recorded in its audit trail as imported from this file.
          </p>
        </Modal>
      ) : null}
    </div>
  );
}

interface StepProps {
  staged: InventoryImportDto;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The preview's counts, how dates were read, the columns read and ignored, and Apply or Discard. */
function Preview({
  staged,
  headingRef,
  busy,
  discarding,
  onApply,
  onDiscard,
}: StepProps & { busy: boolean; discarding: boolean; onApply(): void; onDiscard(): void }) {
  const written = writtenRows(staged.summary);
  return (
    <section className="ck-card import-preview" aria-labelledby="import-preview-title">
      <h2 className="ck-card__title" id="import-preview-title" ref={headingRef} tabIndex={-1}>
        Check the preview
      </h2>
      <p className="muted import-preview__file">
        {staged.fileName}: {count(staged.rows)} {staged.rows === 1 ? 'row' : 'rows'} read. Kept for{' '}
        {INVENTORY_IMPORT_KEEP_HOURS} hours, until {formatDateTime(staged.expiresAt)}.
      </p>
      <SummaryTiles staged={staged} />
      <p className="visually-hidden" role="status">
        {summaryLine(staged.summary)}
      </p>
      <dl className="import-facts">
        <div>
          <dt>Dates</dt>
          <dd>{dateOrderLine(staged)}</dd>
        </div>
        <div>
          <dt>Columns read</dt>
          <dd>{staged.columnsRead.join(', ') || 'None'}</dd>
        </div>
        <div>
          <dt>Columns ignored</dt>
          <dd>{staged.columnsIgnored.length > 0 ? staged.columnsIgnored.join(', ') : 'None'}</dd>
        </div>
      </dl>
      {written === 0 ? (
        <p className="import-preview__nothing">Nothing to write: every row is unchanged or refused.</p>
      ) : staged.summary.refused > 0 ? (
        <p className="muted">
          Refused rows are left out when you apply: fix them in the file and import it again.
        </p>
      ) : null}
      <div className="form-actions">
        <Button
          onClick={onApply}
          disabled={written === 0 || busy}
          busy={busy && !discarding}
          busyLabel="Applying..."
        >
          Apply import
        </Button>
        <Button
          variant="secondary"
          onClick={onDiscard}
          disabled={busy}
          busy={discarding}
          busyLabel="Discarding..."
        >
          Discard and choose another file
        </Button>
      </div>
    </section>
  );
}

/** The four counts at a glance. */
function SummaryTiles({ staged }: { staged: InventoryImportDto }) {
  const tiles = [
    { key: 'add', label: 'To add', value: staged.summary.add },
    { key: 'update', label: 'To update', value: staged.summary.update },
    { key: 'unchanged', label: 'Unchanged', value: staged.summary.unchanged },
    { key: 'refused', label: 'Refused', value: staged.summary.refused },
  ] as const;
  return (
    <dl className="import-tiles">
      {tiles.map((tile) => (
        <div key={tile.key} className={`import-tile import-tile--${tile.key}`}>
          <dt>{tile.label}</dt>
          <dd>{count(tile.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** After Apply: what was written, and the way to the inventory or the next file. */
function Applied({ staged, headingRef, onStartOver }: StepProps & { onStartOver(): void }) {
  const applied = staged.applied ?? { added: 0, updated: 0 };
  const refused = staged.summary.refused;
  return (
    <section className="ck-card import-applied" aria-labelledby="import-applied-title">
      <h2 className="ck-card__title" id="import-applied-title" ref={headingRef} tabIndex={-1}>
        Import applied
      </h2>
      <Notice>
        {staged.fileName}: {appliedLine(applied)}.
        {refused > 0
          ? ` ${count(refused)} ${refused === 1 ? 'row was' : 'rows were'} refused and left out.`
          : ''}
      </Notice>
      <div className="form-actions">
        <Link className="ck-button ck-button--primary" to="/equipment">
          Go to the Equipment Inventory
        </Link>
        <Button variant="secondary" onClick={onStartOver}>
          Import another file
        </Button>
      </div>
    </section>
  );
}
