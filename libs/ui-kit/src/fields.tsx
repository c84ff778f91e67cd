import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldFrameProps {
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

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldFrameProps {}

export function TextField({ label, hint, error, invalid, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={['ck-field', className].filter(Boolean).join(' ')}>
      <label className="ck-field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        {...input}
        id={inputId}
        className="ck-input"
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
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

export interface SelectOption<V extends string | number = string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string | number>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>, FieldFrameProps {
  value: V;
  options: readonly SelectOption<V>[];
  onChange(value: V): void;
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
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={['ck-field', className].filter(Boolean).join(' ')}>
      <label className="ck-field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        {...select}
        id={selectId}
        className="ck-select"
        aria-invalid={error || invalid ? true : undefined}
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
      {hint ? <span className="ck-field__hint">{hint}</span> : null}
      {error ? <span className="ck-field__error">{error}</span> : null}
    </div>
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
