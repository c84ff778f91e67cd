import {
  activeChoices,
  departmentLabel,
  EQUIPMENT_STATUSES,
  listNameKey,
  udiSerialRefusal,
  type EquipmentDto,
  type EquipmentStatus,
} from '@caliber/contracts';
import { Button, ErrorBox, TextField, useToast } from '@caliber/ui-kit';
import { useHospitalLists, useProductName } from '@caliber/web';
import { FormSelectField, FormTextField, useContractForm, type ContractForm } from '@caliber/web-forms';
import { useId } from 'react';
import { useController } from 'react-hook-form';
import { useAddEquipment } from '../hooks/equipment-queries';
import {
  EMPTY_EQUIPMENT_DRAFT,
  equipmentDraftSchema,
  equipmentRequest,
  type EquipmentDraft,
} from '../utils/equipment-form';
import { UdiField } from './UdiField';

const choose = (placeholder: string, values: readonly string[], label = (value: string) => value) => [
  { value: '', label: placeholder },
  ...values.map((value) => ({ value, label: label(value) })),
];

/**
 * The Add Equipment form, inline on the inventory and on /add-equipment. Success is HTTP 201
 * only; any other success status says 'Unexpected response from server'. A submit with required
 * fields empty says so, marks each of them and moves focus to the first. The optional UDI, scanned
 * or pasted, fills the serial number from its AI 21; a UDI that does not read, or whose serial is
 * not the serial number, is said on its field before anything is sent. A saved device empties the
 * form and says 'Equipment added successfully!'; the inventory reloads.
 */
export function AddEquipmentForm({ onAdded }: { onAdded?(item: EquipmentDto): void }) {
  const product = useProductName();
  const toast = useToast();
  const { lists, error: listsError } = useHospitalLists();
  const wardsId = useId();
  const adding = useAddEquipment();
  const form = useContractForm<EquipmentDraft>({
    schema: equipmentDraftSchema(),
    defaultValues: EMPTY_EQUIPMENT_DRAFT,
  });
  const department = form.watch('department');
  const busy = form.formState.isSubmitting;

  const submit = form.submitWith(async (draft) => {
    const body = equipmentRequest(draft);
    if (!body) return;
    const answer = await adding.mutateAsync(body);
    if (answer.status !== 201) {
      form.setError('root.server', { type: 'server', message: 'Unexpected response from server' });
      return;
    }
    form.reset(EMPTY_EQUIPMENT_DRAFT);
    toast.success('Equipment added successfully!');
    onAdded?.(answer.body);
  }, 'Failed to add equipment');

  // The hospital's active categories and departments; the chosen department's wards are offered
  // for the location, which stays free text (a bed, a bay, a room).
  const departments = lists?.departments ?? [];
  const wards = departments.find((entry) => listNameKey(entry.name) === listNameKey(department))?.wards;
  const wardNames = activeChoices(wards ?? []);
  const text = (
    name: 'name' | 'manufacturer' | 'model' | 'location' | 'installationDate' | 'warrantyExpiry',
  ) => ({ form, name }) as const;

  return (
    <form className="add-equipment-form" onSubmit={submit} noValidate aria-label="Add Equipment">
      {form.formError ? <ErrorBox>{form.formError}</ErrorBox> : null}
      {listsError && !lists ? <ErrorBox>{listsError}</ErrorBox> : null}
      <div className="form-grid">
        <FormTextField label="Name" required {...text('name')} />
        <FormTextField label="Manufacturer" required {...text('manufacturer')} />
        <FormTextField label="Model" required {...text('model')} />
        <SerialNumberField form={form} />
        <FormUdiField form={form} />
        <FormSelectField<EquipmentDraft, string>
          form={form}
          name="category"
          label="Category"
          required
          options={choose('Select category', activeChoices(lists?.categories ?? []))}
        />
        <FormSelectField<EquipmentDraft, string>
          form={form}
          name="department"
          label="Department"
          required
          options={choose('Select department', activeChoices(departments), (name) =>
            departmentLabel(name, product),
          )}
        />
        <FormTextField
          label="Location"
          required
          {...text('location')}
          placeholder="e.g. ICU Bed 4"
          list={wardNames.length ? wardsId : undefined}
          hint={wardNames.length ? `Wards of ${department}: pick one or type a place` : undefined}
        />
        {wardNames.length ? (
          <datalist id={wardsId}>
            {wardNames.map((ward) => (
              <option key={ward} value={ward} />
            ))}
          </datalist>
        ) : null}
        <FormSelectField<EquipmentDraft, EquipmentStatus | ''>
          form={form}
          name="status"
          label="Status"
          required
          options={[
            { value: '', label: 'Select status' },
            ...EQUIPMENT_STATUSES.map((value) => ({ value, label: value })),
          ]}
        />
        <FormTextField label="Installation Date" type="date" required {...text('installationDate')} />
        <FormTextField label="Warranty Expiry" type="date" hint="Optional" {...text('warrantyExpiry')} />
      </div>
      <div className="form-actions">
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save Equipment
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => form.reset(EMPTY_EQUIPMENT_DRAFT)}>
          Clear
        </Button>
      </div>
    </form>
  );
}

/**
 * The serial number, with what is wrong with it said as it is typed: a UDI that carries a serial
 * names one device, so the serial number must be that serial (a submit also says it above the
 * form). Its own component, so that it takes its place in the form's order of fields to fix.
 */
function SerialNumberField({ form }: { form: ContractForm<EquipmentDraft> }) {
  const [udi, serialNumber] = form.watch(['udi', 'serialNumber']);
  const refusal = udiSerialRefusal(udi.trim() || null, serialNumber.trim() || undefined);
  const { error } = form.getFieldState('serialNumber', form.formState);
  return (
    <TextField
      label="Serial Number"
      required
      {...form.register('serialNumber')}
      error={error?.message ?? refusal}
      spellCheck={false}
    />
  );
}

/** The UDI, bound to the form; once read, its serial (21) fills the serial number. */
function FormUdiField({ form }: { form: ContractForm<EquipmentDraft> }) {
  const {
    field: { name, value, onBlur, onChange, ref },
    fieldState: { error },
  } = useController({ control: form.control, name: 'udi' });
  return (
    <UdiField
      ref={ref}
      name={name}
      value={value}
      error={error?.message}
      onChange={onChange}
      onBlur={onBlur}
      onRead={(parts) => {
        if (parts.serialNumber)
          form.setValue('serialNumber', parts.serialNumber, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          });
      }}
    />
  );
}
