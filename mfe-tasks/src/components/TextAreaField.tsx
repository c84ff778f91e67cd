import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  invalid?: boolean;
}

/** A multi-line field framed like the UI kit's TextField: label, hint, error and invalid state. */
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
  const generated = useId();
  const areaId = id ?? generated;
  const hintId = hint ? `${areaId}-hint` : undefined;
  const errorId = error ? `${areaId}-error` : undefined;
  return (
    <div className={['ck-field', className].filter(Boolean).join(' ')}>
      <label className="ck-field__label" htmlFor={areaId}>
        {label}
      </label>
      <textarea
        {...area}
        id={areaId}
        rows={rows}
        className="ck-input task-textarea"
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
