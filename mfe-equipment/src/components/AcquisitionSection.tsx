import {
  hasFullAccess,
  MAX_ACQUISITION_COST,
  MAX_SERVICE_LIFE_YEARS,
  readsCosts,
  type DeviceAcquisition,
} from '@caliber/contracts';
import {
  Button,
  Card,
  ErrorBox,
  FactList,
  formatDate,
  formatDateTime,
  formatMoney,
  LoadStates,
  useToast,
} from '@caliber/ui-kit';
import { errorMessage } from '@caliber/web';
import { FormTextField, useContractForm, type ContractForm } from '@caliber/web-forms';
import { useController } from 'react-hook-form';
import { VendorPicker } from './VendorPicker';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isStale, useDeviceAcquisition, useSetAcquisition } from '../hooks/acquisition-queries';
import {
  acquisitionBodyOf,
  acquisitionDraftSchema,
  draftOf,
  inFormWords,
  lifeText,
  NUMBER_FIELDS,
  type AcquisitionDraft,
} from '../utils/acquisition-form';

/**
 * A device's acquisition figures on its page: what it cost, when and from whom it was bought, how
 * long it should serve and so when to plan its replacement. They are costs, so only cost readers
 * (Engineers, Managers, Admins) see the section, and nobody else's screen even asks for them (the
 * API would refuse them). Engineers and Admins, who keep the inventory, edit them; Managers read.
 */
export function AcquisitionSection({ equipmentId, role }: { equipmentId: string; role: string }) {
  if (!readsCosts(role)) return null;
  return <AcquisitionCard equipmentId={equipmentId} canEdit={hasFullAccess(role)} />;
}

function AcquisitionCard({ equipmentId, canEdit }: { equipmentId: string; canEdit: boolean }) {
  const headingId = useId();
  const figures = useDeviceAcquisition(equipmentId);
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const error = figures.isError
    ? errorMessage(figures.error, 'Failed to load the acquisition figures')
    : null;

  return (
    <Card title="Acquisition" titleId={headingId}>
      <LoadStates
        data={figures.data}
        error={error}
        onRetry={() => void figures.refetch()}
        loadingText="Loading acquisition figures…"
      >
        {(data) => (
          <>
            <AcquisitionFacts figures={data} />
            {!canEdit ? null : editing ? (
              <AcquisitionForm
                equipmentId={equipmentId}
                figures={data}
                onCancel={() => setEditing(false)}
                onSaved={() => {
                  setEditing(false);
                  toast.success('Acquisition figures saved.');
                }}
              />
            ) : (
              <div className="form-actions">
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Edit
                </Button>
              </div>
            )}
          </>
        )}
      </LoadStates>
    </Card>
  );
}

/** A figure as formatted, or "Not recorded" (muted) while it is null. */
function shown<T>(value: T | null, format: (value: T) => string): ReactNode {
  return value === null ? <span className="muted">Not recorded</span> : format(value);
}

/** The figures as saved, and who last changed them and when. */
function AcquisitionFacts({ figures }: { figures: DeviceAcquisition }) {
  return (
    <>
      <FactList
        facts={[
          ['Acquisition cost', shown(figures.acquisitionCost, (cost) => formatMoney(cost, figures.currency))],
          ['Purchase date', shown(figures.purchaseDate, formatDate)],
          ['Supplier', shown(figures.supplier, (supplier) => supplier)],
          ['Expected service life', shown(figures.expectedLifeYears, lifeText)],
          ['Plan replacement by', shown(figures.endOfLife, formatDate)],
        ]}
      />
      {figures.updatedAt ? (
        <p className="muted acquisition-section__by">
          Last changed {formatDateTime(figures.updatedAt)}
          {figures.updatedByLabel ? ` by ${figures.updatedByLabel}` : ''}
        </p>
      ) : null}
    </>
  );
}

/**
 * The number field whose text the browser could not read as a number, if any: it reports such
 * text as '' (no figure), and saving would then clear the figure the person meant to set.
 */
function unreadNumberField(form: HTMLFormElement): (typeof NUMBER_FIELDS)[number] | undefined {
  return NUMBER_FIELDS.find((name) => {
    const input = form.elements.namedItem(name);
    return input instanceof HTMLInputElement && input.validity.badInput;
  });
}

/** The supplier: a vendor of the list (suppliers offered first), or none when the field is cleared. */
function SupplierField({ form }: { form: ContractForm<AcquisitionDraft> }) {
  const { field, fieldState } = useController({ control: form.control, name: 'supplier' });
  return (
    <VendorPicker
      label="Supplier"
      kind="supplier"
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
      hint="A vendor of the vendor list; add a new company under Vendors."
    />
  );
}

interface AcquisitionFormProps {
  equipmentId: string;
  /** The figures shown: the form starts from them and their version (a newer one only after a 409). */
  figures: DeviceAcquisition;
  onCancel(): void;
  onSaved(): void;
}

/**
 * The four figures, starting from the saved ones; an emptied field clears its figure. A refusal
 * shows above Save: a 409 (someone changed the figures meanwhile) also reloads them above the
 * form, and the draft stays, so the person sees the newer figures before saving again.
 */
function AcquisitionForm({ equipmentId, figures, onCancel, onSaved }: AcquisitionFormProps) {
  const saving = useSetAcquisition(equipmentId);
  const form = useContractForm<AcquisitionDraft>({
    schema: acquisitionDraftSchema,
    defaultValues: draftOf(figures),
  });
  // The version the draft started from. Figures reloaded behind the form (a live update of the
  // device asks them again) must not move it, or Save would overwrite a change the person never
  // saw; only a refusal of it (409), which shows the newer figures, lets the next Save carry theirs.
  const [version, setVersion] = useState(figures.version);
  const [refused, setRefused] = useState<number | null>(null);
  // Adjusted while rendering (React's pattern for state that follows a prop), not in an effect.
  if (refused !== null && figures.version !== refused) {
    setVersion(figures.version);
    setRefused(null);
  }
  const busy = form.formState.isSubmitting;
  const submit = form.submitWith(async (draft) => {
    try {
      await saving.mutateAsync(acquisitionBodyOf(draft, version));
    } catch (failure) {
      if (isStale(failure)) setRefused(version);
      throw failure;
    }
    onSaved();
  }, 'Failed to save the acquisition figures');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const unread = unreadNumberField(event.currentTarget);
    if (!unread) return void submit(event);
    event.preventDefault();
    form.setError(
      unread,
      { type: 'manual', message: inFormWords(unread, `${unread} must be a number.`) },
      { shouldFocus: true },
    );
  }

  return (
    <form aria-label="Edit acquisition figures" onSubmit={onSubmit} noValidate>
      <div className="form-grid">
        <FormTextField
          form={form}
          name="acquisitionCost"
          label="Acquisition cost"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          max={MAX_ACQUISITION_COST}
        />
        <FormTextField form={form} name="purchaseDate" label="Purchase date" type="date" />
        <SupplierField form={form} />
        <FormTextField
          form={form}
          name="expectedLifeYears"
          label="Expected service life (years)"
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          max={MAX_SERVICE_LIFE_YEARS}
        />
      </div>
      {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
      <div className="form-actions">
        <Button type="submit" busy={busy} busyLabel="Saving…">
          Save
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
