import { VENDOR_KIND_LABELS, type SparePart, type TaskDto } from '@caliber/contracts';
import {
  Button,
  ErrorBox,
  formatMoney,
  Modal,
  ModalFormButtons,
  Notice,
  TextField,
  useToast,
} from '@caliber/ui-kit';
import { Combobox, type ComboboxTexts } from '@caliber/ui-widgets';
import { ApiError, errorMessage } from '@caliber/web';
import { useContractForm, type ContractForm } from '@caliber/web-forms';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useController } from 'react-hook-form';
import { supplierSearch, useRecordPartCosts, type SupplierScope } from '../hooks/part-cost-queries';
import type { VendorOption } from '../hooks/vendor-charge-queries';
import {
  draftPricedParts,
  partCostsBodyOf,
  partCostsDraftOf,
  partCostsDraftSchema,
  partFieldName,
  partFieldOf,
  partLabels,
  partsCostTotal,
  UNREADABLE_AMOUNT,
  unpricedSentence,
  type PartCostsDraft,
} from '../utils/part-costs-form';
import { fieldCheck } from './FormBindings';

const SAVE_FAILED = 'Could not save the part costs';

/** The picker's words, by what it offers: suppliers, or every active vendor. */
function supplierTexts(scope: SupplierScope): ComboboxTexts {
  const kind = scope === 'supplier' ? 'supplier' : 'vendor';
  return {
    searching: 'Searching…',
    empty: (query) => (query ? `No active ${kind} matches "${query}".` : `No active ${kind}s in the list.`),
    failed: (error) => errorMessage(error, 'Failed to load the vendors'),
    more: (shown, total) => `Showing ${shown} of ${total}. Type to narrow the list.`,
    found: (count) => `${count} found.`,
    toggle: (open) => (open ? `Hide the ${kind}s` : `Show the ${kind}s`),
  };
}

type Form = ContractForm<PartCostsDraft>;

/**
 * A part's unit cost, in a number field (a phone offers its decimal keypad). A figure the browser
 * cannot read as a number leaves the field's value empty: it is held as unreadable instead, so it
 * is refused rather than saved as "no unit cost". Its name says which part it prices, as each row
 * has the same fields.
 */
function UnitCostField({ form, row, partLabel }: { form: Form; row: number; partLabel: string }) {
  const name = `parts.${row}.unitCost` as const;
  const { onChange, ...registered } = form.register(name);
  return (
    <TextField
      {...registered}
      {...fieldCheck(form, name)}
      className="task-part-costs-row__cost"
      label={
        <>
          Unit cost<span className="visually-hidden"> of {partLabel}</span>
        </>
      }
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0"
      autoComplete="off"
      placeholder="0.00"
      onChange={(event) => {
        const input = event.target;
        void onChange({
          type: event.type,
          target: { name, value: input.validity.badInput ? UNREADABLE_AMOUNT : input.value },
        });
      }}
    />
  );
}

/**
 * A part's supplier: the active vendors (suppliers, or all of them) as one types. A supplier
 * already on the part stays chosen under the name it was recorded with, even if it was retired
 * since; emptied, the part is saved with none.
 */
function SupplierField({ form, row, scope }: { form: Form; row: number; scope: SupplierScope }) {
  const name = `parts.${row}.supplier` as const;
  const { field } = useController({ control: form.control, name });
  return (
    <Combobox<VendorOption>
      className="task-part-costs-row__supplier"
      label="Supplier"
      name={field.name}
      value={field.value}
      onChange={(chosen) => field.onChange(chosen ? { id: chosen.id, name: chosen.name } : null)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      search={supplierSearch(scope)}
      itemKey={(vendor) => vendor.id}
      itemLabel={(vendor) => vendor.name}
      itemDetail={(vendor) => vendor.kinds?.map((kind) => VENDOR_KIND_LABELS[kind]).join(' · ')}
      texts={supplierTexts(scope)}
      placeholder={scope === 'supplier' ? "Type a supplier's name" : "Type a vendor's name"}
      {...fieldCheck(form, name)}
    />
  );
}

/**
 * One part: a group named after it (by its description or line too where two parts share a name),
 * its name, quantity and description as text, then its unit cost and supplier, side by side when
 * wide and one under the other on a phone.
 */
function PartRow({
  form,
  row,
  part,
  partLabel,
  scope,
}: {
  form: Form;
  row: number;
  part: SparePart;
  partLabel: string;
  scope: SupplierScope;
}) {
  return (
    <div role="group" aria-label={partLabel} className="task-part-costs-row">
      <div className="task-part-costs-row__head">
        <h3 className="task-part-costs-row__title">{part.name}</h3>
        <span className="task-part-costs-row__quantity">Quantity {part.quantity}</span>
      </div>
      {part.description ? <p className="task-part-costs-row__description">{part.description}</p> : null}
      <div className="task-part-costs-row__fields">
        <UnitCostField form={form} row={row} partLabel={partLabel} />
        <SupplierField form={form} row={row} scope={scope} />
      </div>
    </div>
  );
}

/**
 * Shows the server's refusal on the form: each detail naming a part's field (`parts.2.supplierId`)
 * under that field of its row, the first of them focused; the message in the form's error box.
 */
function showRefusal(form: Form, failure: unknown, rows: number): void {
  let first = true;
  if (failure instanceof ApiError)
    for (const issue of failure.details) {
      const at = partFieldOf(issue.path, rows);
      if (!at) continue;
      form.setError(partFieldName(at), { type: 'server', message: issue.message }, { shouldFocus: first });
      first = false;
    }
  form.setError('root.server', { type: 'server', message: errorMessage(failure, SAVE_FAILED) });
}

export interface PartCostsDialogProps {
  /** The task as last read; the form starts from its parts as they were when it opened. */
  latest: TaskDto;
  /** The hospital currency, for the total (null while none is set). */
  currency: string | null;
  onClose(): void;
}

/**
 * What each of a task's spare parts cost and who supplied it, edited for the whole list at once:
 * one row per part, in the task's order. Saving sends every part with the task's version read
 * when the form opened, so parts changed meanwhile (the technician corrected the work record)
 * are refused (409) rather than priced unseen; the person may then start again from the parts as
 * they are now. The refusal and the form's messages sit just above Save, where the person is.
 */
export function PartCostsDialog({ latest, currency, onClose }: PartCostsDialogProps) {
  const toast = useToast();
  // The task the form started from: set once, moved only by "Start again".
  const [base, setBase] = useState(latest);
  const [scope, setScope] = useState<SupplierScope>('supplier');
  const form = useContractForm<PartCostsDraft>({
    schema: partCostsDraftSchema(base.version),
    defaultValues: partCostsDraftOf(base.spareParts),
  });
  const recording = useRecordPartCosts(latest._id);
  const busy = form.formState.isSubmitting;
  const typed = partsCostTotal(draftPricedParts(base.spareParts, { parts: form.watch('parts') }));
  const unpriced = unpricedSentence(typed);
  const labels = partLabels(base.spareParts);
  const changedMeanwhile = latest.version !== base.version && !recording.isSuccess;

  // A long list's messages are at its end, by Save: brought into view when they appear.
  const messages = useRef<HTMLDivElement>(null);
  const shown = form.formError !== null || changedMeanwhile;
  useEffect(() => {
    const node = messages.current;
    if (shown && node && typeof node.scrollIntoView === 'function') node.scrollIntoView({ block: 'nearest' });
  }, [shown, form.formError]);

  const save = form.handleSubmit(async (draft) => {
    try {
      await recording.mutateAsync(partCostsBodyOf(draft, base.version));
    } catch (failure) {
      showRefusal(form, failure, draft.parts.length);
      return;
    }
    toast.success('Part costs saved.');
    onClose();
  });

  const restart = () => {
    setBase(latest);
    form.reset(partCostsDraftOf(latest.spareParts));
    recording.reset();
  };

  // Escape closes this dialog alone: the task's dialog under it listens for Escape too.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (!busy) onClose();
  };

  const formId = `part-costs-${latest._id}`;
  return (
    <div className="task-part-costs-dialog" onKeyDown={onKeyDown}>
      <Modal
        title={`Part costs: ${latest.title}`}
        open
        size="large"
        onClose={() => {
          if (!busy) onClose();
        }}
        footer={
          <ModalFormButtons
            form={formId}
            submitLabel="Save part costs"
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
          aria-label="Part costs"
          className="task-form task-part-costs-form"
        >
          <p className="task-form__note">
            What one of each part cost, from the stores&rsquo; issue note or the supplier&rsquo;s invoice, in
            the hospital currency, and who supplied it. Leave a unit cost empty while it is not known: the
            total leaves that part out.
          </p>
          <label className="task-part-costs-form__scope">
            <input
              type="checkbox"
              checked={scope === 'all'}
              onChange={(event) => setScope(event.target.checked ? 'all' : 'supplier')}
            />
            Show every vendor, not only suppliers
          </label>
          {base.spareParts.map((part, index) => (
            <PartRow
              key={`${base.version}-${index}`}
              form={form}
              row={index}
              part={part}
              partLabel={labels[index] ?? part.name}
              scope={scope}
            />
          ))}
          <div className="task-part-costs-form__foot" aria-live="polite">
            <p className="task-part-costs-form__total">
              Total: <strong>{formatMoney(typed.total, currency)}</strong>
            </p>
            {unpriced ? <p className="task-part-costs-form__unpriced">{unpriced}</p> : null}
          </div>
          <div ref={messages} className="task-part-costs-form__messages">
            {changedMeanwhile ? (
              <Notice>
                This task was changed since you opened its part costs, so saving yours would be refused. Start
                again from its spare parts as they are now.{' '}
                <Button variant="link" onClick={restart}>
                  Start again from the saved parts
                </Button>
              </Notice>
            ) : null}
            {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
          </div>
        </form>
      </Modal>
    </div>
  );
}
