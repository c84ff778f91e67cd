import {
  activeChoices,
  departmentLabel,
  EQUIPMENT_STATUSES,
  listNameKey,
  readUdi,
  udiSerialRefusal,
  type CreateEquipmentRequest,
  type EquipmentDto,
} from '@caliber/contracts';
import { Button, ErrorBox, focusFormField, Notice, SelectField, TextField } from '@caliber/ui-kit';
import { apiExchange, errorMessage, useHospitalLists, useProductName } from '@caliber/web';
import { useId, useRef, useState, type FormEvent } from 'react';
import { UdiField } from './UdiField';

type Draft = Record<keyof CreateEquipmentRequest, string>;

const EMPTY: Draft = {
  name: '',
  manufacturer: '',
  model: '',
  serialNumber: '',
  department: '',
  location: '',
  installationDate: '',
  warrantyExpiry: '',
  status: 'Serviceable',
  category: '',
  udi: '',
};

const REQUIRED: (keyof Draft)[] = [
  'name',
  'status',
  'manufacturer',
  'model',
  'serialNumber',
  'department',
  'location',
  'installationDate',
  'category',
];

const choose = (placeholder: string, values: readonly string[], label = (value: string) => value) => [
  { value: '', label: placeholder },
  ...values.map((value) => ({ value, label: label(value) })),
];

/**
 * The Add Equipment form, inline on the inventory and on /add-equipment. Success is HTTP 201
 * only; any other success status says 'Unexpected response from server'. A submit with required
 * fields empty says so, marks each of them invalid and moves focus to the first. The optional UDI,
 * scanned or pasted, fills the serial number from its AI 21; a UDI that does not read, or whose
 * serial is not the serial number, is said on its field before anything is sent.
 */
export function AddEquipmentForm({ onAdded }: { onAdded?(item: EquipmentDto): void }) {
  const product = useProductName();
  const { lists, error: listsError } = useHospitalLists();
  const wardsId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [missing, setMissing] = useState<ReadonlySet<keyof Draft>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const change = (key: keyof Draft, value: string) => {
    setDraft({ ...draft, [key]: value });
    if (missing.has(key) && value.trim()) setMissing(new Set([...missing].filter((other) => other !== key)));
  };
  const field = (key: keyof Draft) => ({
    name: key,
    value: draft[key],
    invalid: missing.has(key),
    onChange: (event: { target: { value: string } }) => change(key, event.target.value),
  });
  const select = (key: keyof Draft) => ({
    name: key,
    value: draft[key],
    invalid: missing.has(key),
    onChange: (value: string) => change(key, value),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const empty = REQUIRED.filter((key) => !draft[key].trim());
    setMissing(new Set(empty));
    if (empty[0]) {
      setError('Please fill in all required fields');
      focusFormField(form.current, empty[0]);
      return;
    }
    const udi = draft.udi.trim();
    const reading = udi ? readUdi(udi) : null;
    if (reading && !reading.ok) {
      setError(`The UDI cannot be read: ${reading.message}`);
      focusFormField(form.current, 'udi');
      return;
    }
    if (serialRefusal) {
      setError(serialRefusal);
      focusFormField(form.current, 'serialNumber');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await apiExchange<EquipmentDto>('POST', '/equipment', {
        body: { ...draft, warrantyExpiry: draft.warrantyExpiry || null, udi: udi || null },
      });
      if (answer.status !== 201) {
        setError('Unexpected response from server');
        return;
      }
      setDraft(EMPTY);
      setDone('Equipment added successfully!');
      onAdded?.(answer.body);
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to add equipment'));
    } finally {
      setBusy(false);
    }
  }

  // A UDI that carries a serial names one device: the serial number must be that serial.
  const serialRefusal = udiSerialRefusal(draft.udi.trim() || null, draft.serialNumber.trim() || undefined);

  // The hospital's active categories and departments; the chosen department's wards are offered
  // for the location, which stays free text (a bed, a bay, a room).
  const departments = lists?.departments ?? [];
  const wards = departments.find((entry) => listNameKey(entry.name) === listNameKey(draft.department))?.wards;
  const wardNames = activeChoices(wards ?? []);

  return (
    <form ref={form} className="add-equipment-form" onSubmit={submit} noValidate aria-label="Add Equipment">
      {error ? <ErrorBox>{error}</ErrorBox> : null}
      {listsError && !lists ? <ErrorBox>{listsError}</ErrorBox> : null}
      {done ? <Notice>{done}</Notice> : null}
      <div className="form-grid">
        <TextField label="Name" required {...field('name')} />
        <TextField label="Manufacturer" required {...field('manufacturer')} />
        <TextField label="Model" required {...field('model')} />
        <TextField
          label="Serial Number"
          required
          {...field('serialNumber')}
          error={serialRefusal}
          spellCheck={false}
        />
        <UdiField
          name="udi"
          value={draft.udi}
          onChange={(udi) => change('udi', udi)}
          onRead={(parts) => {
            if (parts.serialNumber)
              setDraft((current) => ({ ...current, serialNumber: parts.serialNumber ?? '' }));
            if (parts.serialNumber && missing.has('serialNumber'))
              setMissing(new Set([...missing].filter((other) => other !== 'serialNumber')));
          }}
        />
        <SelectField
          label="Category"
          required
          {...select('category')}
          options={choose('Select category', activeChoices(lists?.categories ?? []))}
        />
        <SelectField
          label="Department"
          required
          {...select('department')}
          options={choose('Select department', activeChoices(departments), (name) =>
            departmentLabel(name, product),
          )}
        />
        <TextField
          label="Location"
          required
          {...field('location')}
          placeholder="e.g. ICU Bed 4"
          list={wardNames.length ? wardsId : undefined}
          hint={wardNames.length ? `Wards of ${draft.department}: pick one or type a place` : undefined}
        />
        {wardNames.length ? (
          <datalist id={wardsId}>
            {wardNames.map((ward) => (
              <option key={ward} value={ward} />
            ))}
          </datalist>
        ) : null}
        <SelectField
          label="Status"
          required
          {...select('status')}
          options={choose('Select status', EQUIPMENT_STATUSES)}
        />
        <TextField label="Installation Date" type="date" required {...field('installationDate')} />
        <TextField label="Warranty Expiry" type="date" hint="Optional" {...field('warrantyExpiry')} />
      </div>
      <div className="form-actions">
        <Button type="submit" busy={busy} busyLabel="Saving...">
          Save Equipment
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => (setDraft(EMPTY), setMissing(new Set()), setError(null), setDone(null))}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
