import { PM_TYPES, type PmType } from '@caliber/contracts';
import { SelectField, TextAreaField, TextField } from '@caliber/ui-kit';
import { personLabel } from '../utils/format';
import { optionsWithPlaceholder } from '../utils/select-options';

/** How a form marks one of its fields: red without a message (`invalid`), or with one under it (`error`). */
interface FieldCheck {
  invalid?: boolean;
  error?: string | null;
}

/** A task's or a plan's title: required, at most 200 characters (the contracts' limit). */
export function TaskTitleField({
  label = 'Title',
  value,
  onChange,
  placeholder,
  invalid,
  error,
}: FieldCheck & { label?: string; value: string; onChange(value: string): void; placeholder?: string }) {
  return (
    <TextField
      label={label}
      name="title"
      required
      maxLength={200}
      placeholder={placeholder}
      value={value}
      invalid={invalid}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** What the work is: several lines of text, required where the form asks for it. */
export function TaskDescriptionField({
  value,
  onChange,
  rows,
  required,
  placeholder,
  invalid,
  error,
}: FieldCheck & {
  value: string;
  onChange(value: string): void;
  rows: number;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <TextAreaField
      label="Description"
      name="description"
      required={required}
      rows={rows}
      placeholder={placeholder}
      value={value}
      invalid={invalid}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * Who the work goes to (`assignedTo`): `placeholder` is the choice of nobody yet, then each person
 * as 'name (role)'. The hint says it is optional, or why the list could not be loaded.
 */
export function AssigneeSelect({
  people,
  value,
  onChange,
  hint,
  placeholder = 'Unassigned',
  invalid,
  error,
}: FieldCheck & {
  people: readonly { _id: string; name: string; role: string }[];
  value: string;
  onChange(value: string): void;
  hint: string;
  placeholder?: string;
}) {
  return (
    <SelectField
      label="Assign To"
      name="assignedTo"
      hint={hint}
      value={value}
      invalid={invalid}
      error={error}
      onChange={onChange}
      options={[
        { value: '', label: placeholder },
        ...people.map((person) => ({ value: person._id, label: personLabel(person) })),
      ]}
    />
  );
}

/** Hours of work a visit takes: optional, in half hours. */
export function HoursField({
  label,
  name,
  value,
  onChange,
  invalid,
  error,
}: FieldCheck & { label: string; name: string; value: string; onChange(value: string): void }) {
  return (
    <TextField
      label={label}
      name={name}
      type="number"
      min={0}
      step={0.5}
      inputMode="decimal"
      hint="Optional"
      value={value}
      invalid={invalid}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The kind of preventive work a plan records (surveys ask for it): required, none chosen at first. */
export function PmTypeSelect({
  value,
  onChange,
  invalid,
  error,
}: FieldCheck & { value: PmType | ''; onChange(value: PmType | ''): void }) {
  return (
    <SelectField<PmType | ''>
      label="PM Type"
      name="pmType"
      required
      value={value}
      invalid={invalid}
      error={error}
      onChange={onChange}
      options={optionsWithPlaceholder('Select PM type', PM_TYPES)}
    />
  );
}
