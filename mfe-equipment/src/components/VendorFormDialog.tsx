import { VENDOR_KIND_LABELS, VENDOR_KINDS, VENDOR_LIMITS, type Vendor } from '@caliber/contracts';
import { ErrorBox, Modal, ModalFormButtons, Notice, TextAreaField, useToast } from '@caliber/ui-kit';
import { ApiError } from '@caliber/web';
import { FormTextField, useContractForm, type ContractForm } from '@caliber/web-forms';
import { useId, useState, type FormEvent } from 'react';
import { useAddVendor, useFreshVendor, useUpdateVendor } from '../hooks/vendor-queries';
import {
  addBodyOf,
  draftOf,
  EMPTY_VENDOR_DRAFT,
  savedLine,
  updateBodyOf,
  vendorDraftSchema,
  type VendorDraft,
} from '../utils/vendor-form';

export const RETIRED_HINT =
  'A retired vendor is no longer offered for new records and stays on those that name it.';

export interface VendorFormDialogProps {
  /** The vendor to edit, as the list showed it; none to add one. */
  vendor: Vendor | null;
  onClose(): void;
}

/** Add vendor, or Edit one: the same form, in a dialog over the list. */
export function VendorFormDialog({ vendor, onClose }: VendorFormDialogProps) {
  return vendor ? <EditVendor vendor={vendor} onClose={onClose} /> : <AddVendor onClose={onClose} />;
}

function AddVendor({ onClose }: { onClose(): void }) {
  const add = useAddVendor();
  const toast = useToast();
  const form = useContractForm<VendorDraft>({ schema: vendorDraftSchema, defaultValues: EMPTY_VENDOR_DRAFT });
  const submit = form.submitWith(async (draft) => {
    const added = await add.mutateAsync(addBodyOf(draft));
    toast.success(`${added.name} added.`);
    onClose();
  }, 'Failed to add the vendor.');
  return (
    <VendorForm
      title="Add vendor"
      submitLabel="Add vendor"
      busyLabel="Adding…"
      form={form}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/**
 * Edit a vendor, starting from the record the list showed and its version, which the form keeps:
 * the list reloading behind the dialog must not move it, or Save would overwrite a change the
 * person never saw. When Save is refused because someone changed the vendor meanwhile (409), the
 * form reloads the vendor as saved now, starts again from it and its version, and says so; a 409
 * for a name taken leaves the draft as typed.
 */
function EditVendor({ vendor, onClose }: { vendor: Vendor; onClose(): void }) {
  const update = useUpdateVendor(vendor.id);
  const fresh = useFreshVendor();
  const toast = useToast();
  const [start, setStart] = useState(vendor);
  const form = useContractForm<VendorDraft>({ schema: vendorDraftSchema, defaultValues: draftOf(vendor) });
  const submit = form.submitWith(async (draft) => {
    try {
      const saved = await update.mutateAsync(updateBodyOf(draft, start.version));
      toast.success(savedLine(start, saved));
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) await reloadIfChanged();
      throw failure;
    }
  }, 'Failed to save the vendor.');

  /** After a 409: the vendor as saved now, in the form, if it moved on from the version started from. */
  async function reloadIfChanged(): Promise<void> {
    let now: Vendor;
    try {
      now = await fresh(vendor.id);
    } catch {
      return; // The refusal itself is shown; the draft stays.
    }
    if (now.version === start.version) return;
    setStart(now);
    form.reset(draftOf(now));
  }

  return (
    <VendorForm
      title={`Edit ${start.name}`}
      submitLabel="Save"
      busyLabel="Saving…"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      editing
      reloaded={start !== vendor}
    />
  );
}

interface VendorFormProps {
  title: string;
  submitLabel: string;
  busyLabel: string;
  form: ContractForm<VendorDraft>;
  onSubmit(event: FormEvent<HTMLFormElement>): Promise<void>;
  onClose(): void;
  /** An existing vendor's form: it has the Retired box. */
  editing?: boolean;
  /** The form was started again from a newer version after a refused Save. */
  reloaded?: boolean;
}

function VendorForm({
  title,
  submitLabel,
  busyLabel,
  form,
  onSubmit,
  onClose,
  editing = false,
  reloaded = false,
}: VendorFormProps) {
  const formId = useId();
  const busy = form.formState.isSubmitting;
  const close = () => {
    if (!busy) onClose();
  };
  // Each field registers in its own component, in the order of the page: a refused Save focuses
  // the first registered field to fix, and a parent registers before its children.
  return (
    <Modal
      title={title}
      open
      onClose={close}
      size="large"
      footer={
        <ModalFormButtons
          form={formId}
          submitLabel={submitLabel}
          busyLabel={busyLabel}
          busy={busy}
          onCancel={close}
        />
      }
    >
      <form
        id={formId}
        className="vendor-form"
        aria-label={title}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
      >
        {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
        {reloaded ? (
          <Notice>The form now shows the vendor as it is saved now: make your change again and save.</Notice>
        ) : null}
        <FormTextField
          form={form}
          name="name"
          label="Name"
          autoComplete="off"
          maxLength={VENDOR_LIMITS.name}
        />
        <KindsField form={form} />
        <div className="vendor-form__grid">
          <FormTextField
            form={form}
            name="contactName"
            label="Contact"
            hint="Who, or which desk, to ask for."
            autoComplete="off"
            maxLength={VENDOR_LIMITS.contactName}
          />
          <FormTextField
            form={form}
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="off"
            maxLength={VENDOR_LIMITS.phone}
          />
          <FormTextField
            form={form}
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            maxLength={VENDOR_LIMITS.email}
          />
          <FormTextField
            form={form}
            name="website"
            label="Website"
            type="url"
            placeholder="https://"
            autoComplete="off"
            maxLength={VENDOR_LIMITS.website}
          />
        </div>
        <NotesField form={form} />
        {editing ? <RetiredField form={form} /> : null}
      </form>
    </Modal>
  );
}

/** What the vendor is: one box per kind, at least one ticked (the contract's rule and words). */
function KindsField({ form }: { form: ContractForm<VendorDraft> }) {
  const hintId = useId();
  const errorId = useId();
  const error = form.getFieldState('kinds', form.formState).error?.message;
  return (
    <fieldset
      className="vendor-form__kinds"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      aria-invalid={error ? true : undefined}
    >
      <legend className="ck-field__label">What it is</legend>
      <span id={hintId} className="ck-field__hint">
        One or more: a company often makes, sells and services.
      </span>
      {VENDOR_KINDS.map((kind) => (
        <label key={kind} className="vendor-form__choice">
          <input type="checkbox" value={kind} {...form.register('kinds')} />
          <span>{VENDOR_KIND_LABELS[kind]}</span>
        </label>
      ))}
      {error ? (
        <span id={errorId} className="ck-field__error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

function NotesField({ form }: { form: ContractForm<VendorDraft> }) {
  return (
    <TextAreaField
      label="Notes"
      hint="Account numbers, hours, how to log a call."
      maxLength={VENDOR_LIMITS.notes}
      error={form.getFieldState('notes', form.formState).error?.message}
      {...form.register('notes')}
    />
  );
}

/** Retire or restore: only on an existing vendor's form. */
function RetiredField({ form }: { form: ContractForm<VendorDraft> }) {
  const hintId = useId();
  return (
    <div className="vendor-form__retired">
      <label className="vendor-form__choice">
        <input type="checkbox" aria-describedby={hintId} {...form.register('retired')} />
        <span>Retired</span>
      </label>
      <span id={hintId} className="ck-field__hint">
        {RETIRED_HINT}
      </span>
    </div>
  );
}
