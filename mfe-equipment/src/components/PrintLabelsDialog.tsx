import { DEFAULT_LABEL_LAYOUT, LABEL_LAYOUTS, type LabelLayoutId } from '@caliber/contracts';
import { Button, ErrorBox, Modal, Notice, SelectField, TextField } from '@caliber/ui-kit';
import { useId, useState } from 'react';
import type { ListFilters } from '../hooks/use-equipment-list';
import { useDownload } from '../hooks/use-download';
import {
  labelSheetsLine,
  labelsProblem,
  labelsRequest,
  maxSkip,
  type LabelScope,
} from '../utils/inventory-files';

export interface PrintLabelsDialogProps {
  /** The devices chosen on the inventory, in the order they were chosen. */
  selected: readonly string[];
  /** How many devices the page's filters match. */
  matching: number;
  filters: ListFilters;
  onClose(): void;
}

const count = (value: number) => value.toLocaleString('en');

/**
 * 'Print labels': a PDF of QR asset tags for the devices chosen or for every device the page's
 * filters match, on the sheet of labels the person has, skipping the labels already used on a
 * part-used first sheet. Each label's QR code opens the device's page.
 */
export function PrintLabelsDialog({ selected, matching, filters, onClose }: PrintLabelsDialogProps) {
  const scopeName = useId();
  const [layout, setLayout] = useState<LabelLayoutId>(DEFAULT_LABEL_LAYOUT);
  const [skipText, setSkipText] = useState('0');
  const [scope, setScope] = useState<LabelScope>(selected.length > 0 ? 'selected' : 'filtered');
  const { download, busy, error, saved } = useDownload();

  const most = maxSkip(layout);
  // A roll has one label a page: there is nothing to skip.
  const skip = most === 0 ? 0 : Number(skipText);
  const skipError =
    most > 0 && (skipText.trim() === '' || !Number.isInteger(skip) || skip < 0 || skip > most)
      ? `Enter a whole number from 0 to ${most}.`
      : null;
  const labels = scope === 'selected' ? selected.length : matching;
  const problem = labelsProblem(labels);

  function print() {
    if (skipError || problem) return;
    void download({
      name: 'labels',
      method: 'POST',
      path: '/equipment/labels',
      body: labelsRequest({ layout, skip, scope }, selected, filters),
      accept: 'application/pdf',
      fallbackName: 'asset-labels.pdf',
      failure: 'Failed to make the labels.',
    });
  }

  return (
    <Modal
      open
      title="Print labels"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {saved ? 'Done' : 'Cancel'}
          </Button>
          <Button
            onClick={print}
            busy={busy === 'labels'}
            busyLabel="Making the PDF..."
            disabled={Boolean(skipError || problem)}
          >
            Download PDF
          </Button>
        </>
      }
    >
      <div className="labels-dialog">
        <p className="muted labels-dialog__help">
          Each label shows the device&apos;s name, serial number and department, and a QR code that opens its
          page here, where anyone signed in can see its history and report a fault.
        </p>
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {saved ? <Notice>Labels downloaded: {saved}</Notice> : null}
        <fieldset className="labels-dialog__scope">
          <legend className="ck-field__label">Labels for</legend>
          <label className="labels-dialog__choice">
            <input
              type="radio"
              name={scopeName}
              value="selected"
              checked={scope === 'selected'}
              disabled={selected.length === 0}
              onChange={() => setScope('selected')}
            />
            <span>
              The devices selected ({count(selected.length)})
              {selected.length === 0 ? (
                <span className="ck-field__hint labels-dialog__note">
                  Tick devices on the inventory to choose them.
                </span>
              ) : null}
            </span>
          </label>
          <label className="labels-dialog__choice">
            <input
              type="radio"
              name={scopeName}
              value="filtered"
              checked={scope === 'filtered'}
              onChange={() => setScope('filtered')}
            />
            <span>All devices matching the filters ({count(matching)})</span>
          </label>
        </fieldset>
        <SelectField<LabelLayoutId>
          label="Label sheet"
          value={layout}
          onChange={(next) => {
            setLayout(next);
            if (Number(skipText) > maxSkip(next)) setSkipText('0');
          }}
          options={LABEL_LAYOUTS.map((candidate) => ({ value: candidate.id, label: candidate.title }))}
        />
        <TextField
          label="Labels already used on the first sheet"
          type="number"
          inputMode="numeric"
          min={0}
          max={most}
          step={1}
          value={most === 0 ? '0' : skipText}
          disabled={most === 0}
          error={skipError}
          hint={
            most === 0
              ? 'A roll prints one label a page: nothing to skip.'
              : 'Printing starts after them, left to right and top to bottom: 0 for a new sheet.'
          }
          onChange={(event) => setSkipText(event.target.value)}
        />
        <p className="labels-dialog__summary" role="status">
          {problem ?? labelSheetsLine(layout, skipError ? 0 : skip, labels)}
        </p>
      </div>
    </Modal>
  );
}
