import {
  SelectField,
  TextAreaField,
  TextField,
  type SelectFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from '@caliber/ui-kit';
import type { ContractForm } from '@caliber/web-forms';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { EquipmentPicker, type EquipmentChoice, type EquipmentPickerProps } from './EquipmentPicker';

// The task forms' fields bound to a contract form. A field the schema refuses is marked invalid;
// its message shows under it unless it is blank: the task forms' rule is that a missing required
// field is only marked, because the one line above the form ('Please fill in Title, Task Type,
// Equipment and Due Date') already says what to do.

type Bound<T extends FieldValues> = { form: ContractForm<T>; name: FieldPath<T> };

/** The field's mark and message from the form's state. */
export function fieldCheck<T extends FieldValues>(form: ContractForm<T>, name: FieldPath<T>) {
  const { error } = form.getFieldState(name, form.formState);
  // A blank message (`MARKED_ONLY`) marks the field without words under it.
  return { invalid: error !== undefined, error: error?.message?.trim() || null };
}

/** A text input typed into through `register` (its ref reaches the input, so it can be focused). */
export function BoundText<T extends FieldValues>({
  form,
  name,
  ...field
}: Bound<T> &
  Omit<
    TextFieldProps,
    'form' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'error'
  >) {
  return <TextField {...field} {...form.register(name)} {...fieldCheck(form, name)} />;
}

/** A multi-line text typed into through `register`. */
export function BoundTextArea<T extends FieldValues>({
  form,
  name,
  ...field
}: Bound<T> &
  Omit<
    TextAreaFieldProps,
    'form' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'error'
  >) {
  return <TextAreaField {...field} {...form.register(name)} {...fieldCheck(form, name)} />;
}

/** A choice from a list, held by the form. `onChosen` runs after it, for fields that follow it. */
export function BoundSelect<T extends FieldValues, V extends string | number>({
  form,
  name,
  onChosen,
  ...field
}: Bound<T> &
  Omit<SelectFieldProps<V>, 'form' | 'name' | 'value' | 'onChange' | 'ref' | 'error' | 'invalid'> & {
    onChosen?(value: V): void;
  }) {
  const {
    field: { name: fieldName, value, onBlur, onChange, ref: focusTarget },
  } = useController({ control: form.control, name });
  return (
    <SelectField<V>
      {...field}
      {...fieldCheck(form, name)}
      name={fieldName}
      ref={focusTarget}
      value={value}
      onBlur={onBlur}
      onChange={(chosen) => {
        onChange(chosen);
        onChosen?.(chosen);
      }}
    />
  );
}

/** The equipment picker, its choice held by the form (`null` until a device is chosen). */
export function BoundEquipment<T extends FieldValues>({
  form,
  name,
  onChosen,
  ...picker
}: Bound<T> &
  Omit<EquipmentPickerProps, 'name' | 'value' | 'onChange' | 'error' | 'invalid' | 'inputRef' | 'onBlur'> & {
    onChosen?(value: EquipmentChoice | null): void;
  }) {
  const {
    field: { name: fieldName, value, onBlur, onChange, ref: focusTarget },
  } = useController({ control: form.control, name });
  return (
    <EquipmentPicker
      {...picker}
      {...fieldCheck(form, name)}
      name={fieldName}
      inputRef={focusTarget}
      value={value as EquipmentChoice | null}
      onBlur={onBlur}
      onChange={(chosen) => {
        onChange(chosen);
        onChosen?.(chosen);
      }}
    />
  );
}
