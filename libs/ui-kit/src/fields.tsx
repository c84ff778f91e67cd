import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export interface FieldFrameProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** Marks the field invalid (`aria-invalid`) without a message of its own, e.g. a missing required field. */
  invalid?: boolean;
}

/**
 * Moves focus to a form's field by name: after a refused submit, to the first field to fix, so a
 * keyboard or screen-reader user lands where the problem is.
 */
export function focusFormField(form: HTMLFormElement | null, name: string): void {
  const field = form?.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}

/** What a control inside a field frame needs: its id, and how it is described and marked invalid. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The frame every field shares: the label tied to its control, the hint and the error announced
 * with it (`aria-describedby`), and the invalid mark. `control` draws the input itself, so a
 * remote's own control (a combobox) gets the same label, hint and error as the kit's fields.
 */
export function FieldFrame({
  label,
  hint,
  error,
  invalid,
  id,
  className,
  control,
}: FieldFrameProps & { id?: string; className?: string; control(props: FieldControlProps): ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={['ck-field', className].filter(Boolean).join(' ')}>
      <label className="ck-field__label" htmlFor={controlId}>
        {label}
      </label>
      {control({
        id: controlId,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint ? (
        <span id={hintId} className="ck-field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="ck-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** `ref` reaches the input itself, so a form library can focus it (the first field to fix). */
export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldFrameProps {
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, invalid, id, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, invalid, id, className }}
      control={(control) => <input {...input} {...control} className="ck-input" />}
    />
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldFrameProps {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text field (descriptions, notes, a list typed one item per line). */
export function TextAreaField({
  label,
  hint,
  error,
  invalid,
  id,
  className,
  rows = 4,
  ...area
}: TextAreaFieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, invalid, id, className }}
      control={(control) => <textarea {...area} {...control} rows={rows} className="ck-input ck-textarea" />}
    />
  );
}

export interface SelectOption<V extends string | number = string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string | number>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>, FieldFrameProps {
  value: V;
  options: readonly SelectOption<V>[];
  onChange(value: V): void;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField<V extends string | number>({
  label,
  hint,
  error,
  invalid,
  id,
  value,
  options,
  onChange,
  className,
  ...select
}: SelectFieldProps<V>) {
  return (
    <FieldFrame
      {...{ label, hint, error, invalid, id, className }}
      control={(control) => (
        <select
          {...select}
          {...control}
          className="ck-select"
          value={String(value)}
          onChange={(event) => {
            const chosen = options.find((option) => String(option.value) === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
        >
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export interface ToggleProps {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}

/** An on/off switch (role="switch"), labelled so a click on the text toggles it too. */
export function Toggle({ label, description, checked, onChange, disabled }: ToggleProps) {
  const id = useId();
  return (
    <div className="ck-toggle">
      <span>
        <label htmlFor={id}>{label}</label>
        {description ? (
          <span className="ck-field__hint" style={{ display: 'block' }}>
            {description}
          </span>
        ) : null}
      </span>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        className="ck-toggle__track"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      />
    </div>
  );
}
