import {
  CONTRACT_KIND_LABELS,
  CONTRACT_KINDS,
  CONTRACT_LIMITS,
  type ContractKind,
  type ServiceContract,
} from '@caliber/contracts';
import {
  Button,
  Card,
  ErrorBox,
  ErrorState,
  formatDateTime,
  LoadingState,
  Notice,
  PageHeader,
  TextAreaField,
  useToast,
} from '@caliber/ui-kit';
import { Combobox } from '@caliber/ui-widgets';
import { errorMessage, Link, useHospitalLists, useNavigate, useParams } from '@caliber/web';
import { FormSelectField, FormTextField, useContractForm, type ContractForm } from '@caliber/web-forms';
import { useState } from 'react';
import { useController, useFieldArray } from 'react-hook-form';
import { VendorPicker } from '../components/VendorPicker';
import { pickerTexts } from '../components/picker-texts';
import { deviceSearch, useContract, useSaveContract } from '../hooks/contract-queries';
import {
  contractBodyOf,
  contractDraftSchema,
  contractUpdateOf,
  draftOf,
  EMPTY_CONTRACT_DRAFT,
  type ContractDraft,
  type DeviceChoice,
} from '../utils/contract-form';
import '../equipment.css';

const KIND_CHOICES = CONTRACT_KINDS.map((kind) => ({ value: kind, label: CONTRACT_KIND_LABELS[kind] }));

/**
 * /equipment/contracts/new (Engineers, Managers and Admins): a contract typed in from its paper.
 */
export function NewContractPage() {
  return <ContractEditor existing={null} latest={null} onRestart={() => undefined} />;
}

/**
 * /equipment/contracts/:id/edit: the same form with the contract as it was when the form opened.
 * Saving sends that version, whatever is read meanwhile, so someone else's change is refused (409)
 * rather than overwritten; the contract is then read again, and the person may start again from
 * it (their draft stays until they do).
 */
export function EditContractPage() {
  const { id = '' } = useParams();
  const query = useContract(id);
  const latest = query.data ?? null;
  // The contract the form started from: set once, moved only by "Start again".
  const [base, setBase] = useState<ServiceContract | null>(null);
  if (latest && (!base || base.id !== latest.id)) setBase(latest);

  if (query.isError && !base)
    return (
      <div className="page contracts-page">
        <ErrorState
          message={errorMessage(query.error, 'Failed to load the service contract')}
          onAction={() => void query.refetch()}
        />
      </div>
    );
  return base ? (
    <ContractEditor
      key={`${base.id}:${base.version}`}
      existing={base}
      latest={latest}
      onRestart={() => setBase(latest)}
    />
  ) : (
    <LoadingState text="Loading service contract…" />
  );
}

/** The vendor: a service provider, or any vendor when asked; a retired one on the contract stays. */
function VendorField({ form }: { form: ContractForm<ContractDraft> }) {
  const { field, fieldState } = useController({ control: form.control, name: 'vendor' });
  return (
    <VendorPicker
      label="Vendor"
      kind="service"
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      required
      error={fieldState.error?.message}
    />
  );
}

/** "IntelliVue MX450 (DE12345678)": a device as its chip and the picker name it. */
const deviceLabel = (device: DeviceChoice) => `${device.name} (${device.serialNumber})`;

/**
 * The devices the contract names: found by name or serial number and added as chips, each with
 * its Remove button, up to the contract's limit (beyond it, a model or a department covers them).
 */
function DevicesField({ form }: { form: ContractForm<ContractDraft> }) {
  const { field, fieldState } = useController({ control: form.control, name: 'devices' });
  const devices = field.value;
  const full = devices.length >= CONTRACT_LIMITS.devices;
  const add = (device: (DeviceChoice & { detail: string }) | null) => {
    if (!device || full || devices.some((named) => named.id === device.id)) return;
    field.onChange([...devices, { id: device.id, name: device.name, serialNumber: device.serialNumber }]);
  };
  const remove = (id: string) => field.onChange(devices.filter((device) => device.id !== id));
  return (
    <div className="contract-form__devices">
      <Combobox<DeviceChoice & { detail: string }>
        label="Devices"
        name={field.name}
        value={null}
        onChange={add}
        onBlur={field.onBlur}
        inputRef={field.ref}
        search={deviceSearch}
        itemKey={(device) => device.id}
        itemLabel={deviceLabel}
        itemDetail={(device) => device.detail}
        texts={pickerTexts('devices', 'Failed to load the inventory')}
        placeholder={full ? 'The contract names as many devices as it may' : 'Type a name or serial number'}
        hint={
          full
            ? `A contract names at most ${CONTRACT_LIMITS.devices.toLocaleString()} devices: name their model or department instead.`
            : 'Devices named one by one. Models and a department below cover every device of theirs.'
        }
        error={fieldState.error?.message}
      />
      {devices.length ? (
        <ul className="contract-chips" aria-label="Devices named">
          {devices.map((device) => (
            <li key={device.id} className="contract-chip">
              <span className="contract-chip__label">{deviceLabel(device)}</span>
              <button
                type="button"
                className="contract-chip__remove"
                aria-label={`Remove ${deviceLabel(device)}`}
                onClick={() => remove(device.id)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The models covered: rows of manufacturer and model, added and removed; a blank row is not sent. */
function ModelsField({ form }: { form: ContractForm<ContractDraft> }) {
  const rows = useFieldArray({ control: form.control, name: 'models' });
  return (
    <fieldset className="contract-form__models">
      <legend className="ck-field__label">Models</legend>
      <p className="ck-field__hint">
        Every device of a model is covered, matched by its manufacturer and model whatever their case.
      </p>
      {rows.fields.map((row, index) => (
        <div key={row.id} className="contract-model">
          <FormTextField
            form={form}
            name={`models.${index}.manufacturer`}
            label={`Manufacturer ${index + 1}`}
            autoComplete="off"
            maxLength={CONTRACT_LIMITS.manufacturer}
          />
          <FormTextField
            form={form}
            name={`models.${index}.model`}
            label={`Model ${index + 1}`}
            autoComplete="off"
            maxLength={CONTRACT_LIMITS.model}
          />
          <Button
            variant="ghost"
            size="small"
            className="contract-model__remove"
            aria-label={`Remove model ${index + 1}`}
            onClick={() => rows.remove(index)}
          >
            Remove
          </Button>
        </div>
      ))}
      {rows.fields.length < CONTRACT_LIMITS.models ? (
        <Button variant="secondary" size="small" onClick={() => rows.append({ manufacturer: '', model: '' })}>
          Add a model
        </Button>
      ) : (
        <p className="ck-field__hint">A contract names at most {CONTRACT_LIMITS.models} models.</p>
      )}
    </fieldset>
  );
}

/**
 * The department choices: its active departments, and the one the contract names even if it was
 * retired since (it stays covered until someone chooses otherwise).
 */
function useDepartmentChoices(existing: ServiceContract | null): { value: string; label: string }[] {
  const { lists } = useHospitalLists();
  const kept = existing?.departmentId?.toLowerCase() ?? null;
  const choices = (lists?.departments ?? [])
    .filter((department) => !department.retired || department._id.toLowerCase() === kept)
    .map((department) => ({
      value: department._id,
      label: department.retired ? `${department.name} (retired)` : department.name,
    }));
  if (existing?.departmentId && !choices.some((choice) => choice.value.toLowerCase() === kept))
    choices.unshift({
      value: existing.departmentId,
      label: existing.departmentName ?? 'The department named',
    });
  return [{ value: '', label: 'No department' }, ...choices];
}

interface EditorProps {
  /** The contract the form started from (its version is what a save sends), or null for a new one. */
  existing: ServiceContract | null;
  /** The contract as last read, newer than `existing` when someone changed it meanwhile. */
  latest: ServiceContract | null;
  onRestart(): void;
}

function ContractEditor({ existing, latest, onRestart }: EditorProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useContractForm<ContractDraft>({
    schema: contractDraftSchema,
    defaultValues: existing ? draftOf(existing) : EMPTY_CONTRACT_DRAFT,
  });
  const saving = useSaveContract(existing?.id ?? null);
  const departments = useDepartmentChoices(existing);
  const changedMeanwhile = existing && latest && latest.version !== existing.version ? latest : null;
  const back = existing ? `/equipment/contracts/${encodeURIComponent(existing.id)}` : '/equipment/contracts';

  const submit = form.submitWith(async (draft) => {
    const saved = await saving.mutateAsync(
      existing ? contractUpdateOf(draft, existing.version) : contractBodyOf(draft),
    );
    toast.success(existing ? 'Service contract saved.' : 'Service contract recorded.');
    navigate(`/equipment/contracts/${encodeURIComponent(saved.id)}`);
  }, 'Could not save the service contract');

  return (
    <div className="page contracts-page">
      <PageHeader
        title={existing ? `Edit ${existing.vendorName} ${existing.reference}` : 'New service contract'}
        description={
          existing
            ? 'Change any of its terms or what it covers; the change is recorded with your name.'
            : 'Type it in from the contract: its vendor, number, term, cost and what it covers.'
        }
        actions={<Link to={back}>{existing ? 'Back to the contract' : 'Back to Service contracts'}</Link>}
      />

      {changedMeanwhile ? (
        <Notice>
          Someone else changed this contract since you opened it ({formatDateTime(changedMeanwhile.updatedAt)}
          , {changedMeanwhile.updatedByLabel}). Saving your changes would overwrite theirs, so it is refused:
          start again from the contract as it now stands.{' '}
          <Button variant="link" onClick={onRestart}>
            Start again from the saved contract
          </Button>
        </Notice>
      ) : null}

      <Card>
        <form
          className="contract-form"
          aria-label={existing ? 'Edit service contract' : 'New service contract'}
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          <div className="contract-form__grid">
            <VendorField form={form} />
            <FormTextField
              form={form}
              name="reference"
              label="Contract number"
              hint="As the vendor writes it"
              autoComplete="off"
              maxLength={CONTRACT_LIMITS.reference}
              required
            />
            <FormSelectField<ContractDraft, ContractKind>
              form={form}
              name="kind"
              label="Kind"
              options={KIND_CHOICES}
            />
            <FormTextField form={form} name="startsOn" label="First day" type="date" required />
            <FormTextField
              form={form}
              name="endsOn"
              label="Last day"
              type="date"
              hint={`At most ${CONTRACT_LIMITS.years} years after the first`}
              required
            />
            <FormTextField
              form={form}
              name="annualCost"
              label="Annual cost"
              hint="What a contract year costs, in the hospital currency"
              inputMode="decimal"
              autoComplete="off"
              required
            />
            <FormTextField
              form={form}
              name="responseHours"
              label="Response time in hours (optional)"
              hint="How soon the vendor must respond to a call"
              inputMode="numeric"
              autoComplete="off"
            />
          </div>
          <label className="contract-form__check">
            <input type="checkbox" {...form.register('pmIncluded')} />
            Planned maintenance included
          </label>

          <h2 className="contract-form__heading">What it covers</h2>
          <p className="ck-field__hint contract-form__lead">
            Name devices, models or a department: at least one of them.
          </p>
          <DevicesField form={form} />
          <ModelsField form={form} />
          <div className="contract-form__grid">
            <FormSelectField<ContractDraft, string>
              form={form}
              name="departmentId"
              label="Department"
              hint="Every device of the department, under whatever name it takes later"
              options={departments}
            />
          </div>
          <TextAreaField
            label="Notes (optional)"
            rows={3}
            maxLength={CONTRACT_LIMITS.notes}
            {...form.register('notes')}
            error={form.getFieldState('notes', form.formState).error?.message}
          />

          {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
          <div className="form-actions">
            <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Saving…">
              {existing ? 'Save changes' : 'Save contract'}
            </Button>
            <Link className="ck-button ck-button--secondary" to={back}>
              Cancel
            </Link>
          </div>
        </form>
      </Card>
    </div>
  );
}
