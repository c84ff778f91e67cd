import { parseSpareParts, SPARE_PART_LIMITS, type TaskDto } from '@caliber/contracts';
import { ErrorBox, Modal, ModalFormButtons, TextAreaField, TextField } from '@caliber/ui-kit';
import { useContractForm, type ContractForm } from '@caliber/web-forms';
import { useMemo } from 'react';
import { useRecordWork } from '../hooks/task-queries';
import { checkWorkDraft, workDraftSchema, workDraftOf, type WorkDraft } from '../utils/work-form';
import { SparePartsTable } from './SparePartsTable';

export interface WorkDetailsModalProps {
  task: TaskDto;
  onClose(): void;
  /** The task as the server saved it. */
  onSaved(task: TaskDto): void;
}

/** A text field of the work form, bound to it, with its message under it. */
function workField(form: ContractForm<WorkDraft>, name: keyof WorkDraft) {
  return { ...form.register(name), error: form.getFieldState(name, form.formState).error?.message };
}

/**
 * The work record of a task: fault, repair, spare parts (one per line, `name x quantity -
 * description`, read by the contract's parser as the person types, with every line's error
 * shown) and optional labour hours. A form with a line that is not a part is not sent. A task
 * changed meanwhile (409) is asked again, so the newest version is shown.
 */
export function WorkDetailsModal({ task, onClose, onSaved }: WorkDetailsModalProps) {
  const form = useContractForm<WorkDraft>({
    schema: workDraftSchema(task),
    defaultValues: workDraftOf(task),
  });
  const recording = useRecordWork(task);
  const busy = form.formState.isSubmitting;
  const spareParts = form.watch('spareParts');
  const preview = useMemo(() => parseSpareParts(spareParts), [spareParts]);

  const save = form.submitWith(async (draft) => {
    const check = checkWorkDraft(draft, task);
    if (check.ok) onSaved(await recording.mutateAsync(check.body));
  }, 'Failed to save work details');

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
        {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
        <TextAreaField label="Fault Description" {...workField(form, 'faultDescription')} rows={3} />
        <TextAreaField label="Repair Details" {...workField(form, 'repairDetails')} rows={3} />
        <TextAreaField
          label="Spare Parts Used"
          {...form.register('spareParts')}
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
          {...workField(form, 'labourHours')}
          type="number"
          inputMode="decimal"
          min={0}
          max={1000}
          step={0.25}
          hint="Optional"
        />
      </form>
    </Modal>
  );
}
