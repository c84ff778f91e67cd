import { parseSpareParts, SPARE_PART_LIMITS, type TaskDto } from '@caliber/contracts';
import { ErrorBox, Modal, ModalFormButtons, TextAreaField, TextField } from '@caliber/ui-kit';
import { api, ApiError, errorMessage } from '@caliber/web';
import { useMemo, useState, type FormEvent } from 'react';
import { checkWorkDraft, workDraftOf, type WorkDraft } from '../utils/work-form';
import { SparePartsTable } from './SparePartsTable';

export interface WorkDetailsModalProps {
  task: TaskDto;
  onClose(): void;
  /** The task as the server saved it. */
  onSaved(task: TaskDto): void;
  /** The task changed meanwhile (409): the list reloads so the newest version is shown. */
  onStale(): void;
}

/**
 * The work record of a task: fault, repair, spare parts (one per line, `name x quantity -
 * description`, read by the contract's parser as the person types, with every line's error
 * shown) and optional labour hours. A form with a line that is not a part is not sent.
 */
export function WorkDetailsModal({ task, onClose, onSaved, onStale }: WorkDetailsModalProps) {
  const [draft, setDraft] = useState<WorkDraft>(() => workDraftOf(task));
  const [fieldErrors, setFieldErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => parseSpareParts(draft.spareParts), [draft.spareParts]);
  const change = (key: keyof WorkDraft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });

  async function save(event: FormEvent) {
    event.preventDefault();
    const check = checkWorkDraft(draft, task);
    if (!check.ok) {
      setFieldErrors(check.fieldErrors);
      setError(
        check.partErrors.length > 0
          ? 'Correct the spare parts lines shown below before saving.'
          : (check.fieldErrors.values().next().value ?? 'Failed to save work details'),
      );
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors(new Map());
    try {
      onSaved(await api.put<TaskDto>(`/tasks/${encodeURIComponent(task._id)}/work`, check.body));
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to save work details'));
      if (failure instanceof ApiError && failure.status === 409) onStale();
    } finally {
      setBusy(false);
    }
  }

  const formId = `work-form-${task._id}`;
  return (
    <Modal
      title={`Work details: ${task.title}`}
      open
      onClose={onClose}
      footer={
        <ModalFormButtons
          form={formId}
          submitLabel="Save Work Details"
          busyLabel="Saving..."
          busy={busy}
          onCancel={onClose}
        />
      }
    >
      <form id={formId} onSubmit={save} noValidate aria-label="Work details" className="work-form">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        <TextAreaField
          label="Fault Description"
          name="faultDescription"
          value={draft.faultDescription}
          onChange={change('faultDescription')}
          error={fieldErrors.get('faultDescription')}
          rows={3}
        />
        <TextAreaField
          label="Repair Details"
          name="repairDetails"
          value={draft.repairDetails}
          onChange={change('repairDetails')}
          error={fieldErrors.get('repairDetails')}
          rows={3}
        />
        <TextAreaField
          label="Spare Parts Used"
          name="spareParts"
          value={draft.spareParts}
          onChange={change('spareParts')}
          invalid={preview.errors.length > 0}
          hint={`One part per line: name x quantity - description (e.g. "Fuse 5 A x 2 - mains inlet"). Quantity is 1 when left out; at most ${SPARE_PART_LIMITS.maxParts} parts.`}
          spellCheck={false}
          rows={4}
        />
        <section className="parts-preview" aria-label="Spare parts preview" aria-live="polite">
          {preview.errors.length > 0 ? (
            <ul className="parts-preview__errors">
              {preview.errors.map((line) => (
                <li key={`${line.line}-${line.message}`}>{line.message}</li>
              ))}
            </ul>
          ) : null}
          {preview.parts.length > 0 ? (
            <SparePartsTable parts={preview.parts} caption="Spare parts as they will be saved" />
          ) : (
            <p className="muted">No spare parts listed.</p>
          )}
        </section>
        <TextField
          label="Labour Hours"
          name="labourHours"
          type="number"
          inputMode="decimal"
          min={0}
          max={1000}
          step={0.25}
          hint="Optional"
          value={draft.labourHours}
          onChange={change('labourHours')}
          error={fieldErrors.get('labourHours')}
        />
      </form>
    </Modal>
  );
}
