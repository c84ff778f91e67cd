import { VENDOR_CHARGE_LIMITS, VENDOR_KIND_LABELS, type TaskVendorCharges } from '@caliber/contracts';
import { Button, ErrorBox, formatMoney, Modal, ModalFormButtons, Notice, useToast } from '@caliber/ui-kit';
import { Combobox, type ComboboxTexts } from '@caliber/ui-widgets';
import { ApiError, errorMessage } from '@caliber/web';
import { useContractForm, type ContractForm } from '@caliber/web-forms';
import { useId, useState, type KeyboardEvent } from 'react';
import { useController, useFieldArray } from 'react-hook-form';
import { useRecordVendorCharges, vendorSearch, type VendorOption } from '../hooks/vendor-charge-queries';
import {
  chargesBodyOf,
  chargesDraftOf,
  draftTotal,
  EMPTY_CHARGE,
  formPathOf,
  vendorChargesDraftSchema,
  type VendorChargesDraft,
} from '../utils/vendor-charges-form';
import { BoundText, BoundTextArea, fieldCheck } from './FormBindings';

const SAVE_FAILED = 'Could not save the vendor charges';

const VENDOR_TEXTS: ComboboxTexts = {
  searching: 'Searching…',
  empty: (query) => (query ? `No active vendor matches "${query}".` : 'No active vendors in the list.'),
  failed: (error) => errorMessage(error, 'Failed to load the vendors'),
  more: (shown, total) => `Showing ${shown} of ${total}. Type to narrow the list.`,
  found: (count) => `${count} found.`,
  toggle: (open) => (open ? 'Hide the vendors' : 'Show the vendors'),
};

/** Today where the reader is (YYYY-MM-DD): the latest visit the date picker offers. */
function localToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

type Form = ContractForm<VendorChargesDraft>;

/**
 * A charge's vendor: the active vendors of the managed list as one types. A vendor already on the
 * task stays chosen under the name it was recorded with, even if it was retired since.
 */
function VendorField({ form, row }: { form: Form; row: number }) {
  const name = `charges.${row}.vendor` as const;
  const { field } = useController({ control: form.control, name });
  return (
    <Combobox<VendorOption>
      className="task-charge-row__vendor"
      label="Vendor"
      name={field.name}
      value={field.value}
      onChange={(chosen) => field.onChange(chosen ? { id: chosen.id, name: chosen.name } : null)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      search={vendorSearch}
      itemKey={(vendor) => vendor.id}
      itemLabel={(vendor) => vendor.name}
      itemDetail={(vendor) => vendor.kinds?.map((kind) => VENDOR_KIND_LABELS[kind]).join(' · ')}
      texts={VENDOR_TEXTS}
      placeholder="Type a vendor's name"
      required
      {...fieldCheck(form, name)}
    />
  );
}

/**
 * Shows the server's refusal on the form: each detail naming a charge's field (`charges.0.visitDate`)
 * under that field of its row, the first of them focused; the message above the form.
 */
function showRefusal(form: Form, failure: unknown, rowOf: readonly number[]): void {
  let first = true;
  if (failure instanceof ApiError)
    for (const issue of failure.details) {
      const at = formPathOf(issue.path, rowOf);
      if (!at) continue;
      form.setError(at, { type: 'server', message: issue.message }, { shouldFocus: first });
      first = false;
    }
  form.setError('root.server', { type: 'server', message: errorMessage(failure, SAVE_FAILED) });
}

/**
 * One charge: a group named "Charge n" (a fieldset's legend cannot share its line with the Remove
 * button, so the group is named by its heading), its fields two or three abreast when wide, one
 * under the other on a phone.
 */
function ChargeRow({ form, row, onRemove }: { form: Form; row: number; onRemove(): void }) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="task-charge-row">
      <div className="task-charge-row__head">
        <h3 id={titleId} className="task-charge-row__title">
          Charge {row + 1}
        </h3>
        <Button variant="ghost" size="small" aria-label={`Remove charge ${row + 1}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
      <div className="task-charge-row__fields">
        <VendorField form={form} row={row} />
        <BoundText
          form={form}
          name={`charges.${row}.visitDate`}
          label="Visit date"
          type="date"
          max={localToday()}
          required
        />
        <BoundText
          form={form}
          name={`charges.${row}.invoiceNumber`}
          label="Invoice number (optional)"
          autoComplete="off"
          maxLength={VENDOR_CHARGE_LIMITS.invoiceNumber}
        />
        <BoundText
          form={form}
          name={`charges.${row}.amount`}
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          required
        />
        <BoundTextArea
          form={form}
          name={`charges.${row}.notes`}
          label="Notes (optional)"
          className="task-charge-row__notes"
          rows={2}
          maxLength={VENDOR_CHARGE_LIMITS.notes}
        />
      </div>
    </div>
  );
}

export interface VendorChargesDialogProps {
  taskId: string;
  taskTitle: string;
  /** The task's charges as last read; the form starts from them as they were when it opened. */
  latest: TaskVendorCharges;
  onClose(): void;
}

/**
 * What outside companies charged for a task's work, edited as a whole list (at most 20 charges):
 * each charge's vendor, visit date, invoice number, amount and notes. Saving sends the list with
 * the version the form started from, so a change someone made meanwhile is refused (409) rather
 * than overwritten; the person may then start again from the charges as saved now.
 */
export function VendorChargesDialog({ taskId, taskTitle, latest, onClose }: VendorChargesDialogProps) {
  const toast = useToast();
  // The charges the form started from: set once, moved only by "Start again".
  const [base, setBase] = useState(latest);
  const form = useContractForm<VendorChargesDraft>({
    schema: vendorChargesDraftSchema(base.version),
    defaultValues: chargesDraftOf(base),
  });
  const rows = useFieldArray({ control: form.control, name: 'charges' });
  const recording = useRecordVendorCharges(taskId);
  const busy = form.formState.isSubmitting;
  const charges = form.watch('charges');
  const changedMeanwhile = latest.version !== base.version && !recording.isSuccess;

  const save = form.handleSubmit(async (draft) => {
    const { body, rowOf } = chargesBodyOf(draft, base.version);
    try {
      await recording.mutateAsync(body);
    } catch (failure) {
      showRefusal(form, failure, rowOf);
      return;
    }
    toast.success('Vendor charges saved.');
    onClose();
  });

  const restart = () => {
    setBase(latest);
    form.reset(chargesDraftOf(latest));
    recording.reset();
  };

  // Escape closes this dialog alone: the task's dialog under it listens for Escape too.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (!busy) onClose();
  };

  const formId = `vendor-charges-${taskId}`;
  const full = rows.fields.length >= VENDOR_CHARGE_LIMITS.charges;
  return (
    <div className="task-charges-dialog" onKeyDown={onKeyDown}>
      <Modal
        title={`Vendor charges: ${taskTitle}`}
        open
        size="large"
        onClose={() => {
          if (!busy) onClose();
        }}
        footer={
          <ModalFormButtons
            form={formId}
            submitLabel="Save vendor charges"
            busyLabel="Saving…"
            busy={busy}
            onCancel={onClose}
          />
        }
      >
        <form
          id={formId}
          onSubmit={(event) => void save(event)}
          noValidate
          aria-label="Vendor charges"
          className="task-form task-charges-form"
        >
          {changedMeanwhile ? (
            <Notice>
              Someone else changed these vendor charges since you opened them. Saving yours would overwrite
              theirs, so it is refused: start again from the charges as saved now.{' '}
              <Button variant="link" onClick={restart}>
                Start again from the saved charges
              </Button>
            </Notice>
          ) : null}
          {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
          <p className="task-form__note">
            What outside companies invoiced for this work, in the hospital currency. Saving replaces the list
            recorded before.
          </p>
          {rows.fields.length === 0 ? <p className="muted">No charges listed: saving records none.</p> : null}
          {rows.fields.map((row, index) => (
            <ChargeRow key={row.id} form={form} row={index} onRemove={() => rows.remove(index)} />
          ))}
          <div className="task-charges-form__foot">
            {full ? (
              <p className="ck-field__hint">
                A task lists at most {VENDOR_CHARGE_LIMITS.charges} vendor charges.
              </p>
            ) : (
              <Button variant="secondary" size="small" onClick={() => rows.append({ ...EMPTY_CHARGE })}>
                Add a charge
              </Button>
            )}
            <p className="task-charges-form__total" aria-live="polite">
              Total: <strong>{formatMoney(draftTotal({ charges }), latest.currency)}</strong>
            </p>
          </div>
        </form>
      </Modal>
    </div>
  );
}
