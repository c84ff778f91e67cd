import { SelectField, TextField, type SelectFieldProps, type TextFieldProps } from '@caliber/ui-kit';
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';

type FormOf<T extends FieldValues> = UseFormReturn<T, unknown, T>;

/**
 * The kit's text field bound to a form field: typed into through `register` (its ref reaches the
 * input, so a refused submit can focus it), with the field's message under it. The kit keeps the
 * label tied to the input and the hint and message announced with it (`aria-describedby`,
 * `aria-invalid`).
 */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  ...field
}: Omit<
  TextFieldProps,
  'form' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'error'
> & {
  form: FormOf<T>;
  name: FieldPath<T>;
}) {
  const { error } = form.getFieldState(name, form.formState);
  return <TextField {...field} {...form.register(name)} error={error?.message} />;
}

/** The kit's select bound to a form field (a controlled choice), focusable on a refused submit. */
export function FormSelectField<T extends FieldValues, V extends string | number>({
  form,
  name,
  onChosen,
  ...field
}: Omit<SelectFieldProps<V>, 'form' | 'name' | 'value' | 'onChange' | 'ref' | 'error'> & {
  form: FormOf<T>;
  name: FieldPath<T>;
  /** After the choice is made: for fields that follow this one. */
  onChosen?(value: V): void;
}) {
  const {
    field: { name: fieldName, value, onBlur, onChange, ref: focusTarget },
    fieldState,
  } = useController({ control: form.control, name });
  return (
    <SelectField<V>
      {...field}
      name={fieldName}
      ref={focusTarget}
      value={value}
      onBlur={onBlur}
      onChange={(chosen) => {
        onChange(chosen);
        onChosen?.(chosen);
      }}
      error={fieldState.error?.message}
    />
  );
}
