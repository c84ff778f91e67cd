import { useId, type ReactNode, type Ref } from 'react';

export interface CheckboxChoice<V extends string> {
  value: V;
  label: string;
}

export interface CheckboxGroupProps<V extends string> {
  legend: ReactNode;
  /** The inputs' name, so a refused form can put the focus on the first of them. */
  name: string;
  choices: readonly CheckboxChoice<V>[];
  chosen: readonly V[];
  onChange(value: V, checked: boolean): void;
  hint?: ReactNode;
  /** A long list (the departments) scrolls inside its own frame instead of lengthening the dialog. */
  scrolls?: boolean;
  /** Where a divider goes: after this many choices (the usual departments before the others). */
  dividerAfter?: number;
  dividerLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The first box, so a refused form can put the focus on it. */
  firstRef?: Ref<HTMLInputElement>;
}

/**
 * A multiple choice as a group of checkboxes: a fieldset whose legend names it, the hint tied to
 * it, each box labelled by its text. Checkboxes rather than a multiple select, because a select
 * needs Ctrl-click on a computer and is hard to read back on a phone.
 */
export function CheckboxGroup<V extends string>({
  legend,
  name,
  choices,
  chosen,
  onChange,
  hint,
  scrolls = false,
  dividerAfter,
  dividerLabel,
  invalid = false,
  disabled = false,
  firstRef,
}: CheckboxGroupProps<V>) {
  const hintId = useId();
  return (
    <fieldset
      className={`reports-choices${invalid ? ' reports-choices--invalid' : ''}`}
      aria-describedby={hint ? hintId : undefined}
      aria-invalid={invalid || undefined}
      disabled={disabled}
    >
      <legend className="ck-field__label">{legend}</legend>
      {hint ? (
        <span id={hintId} className="ck-field__hint reports-choices__hint">
          {hint}
        </span>
      ) : null}
      <div
        className={`reports-choices__list${scrolls ? ' reports-choices__list--scroll' : ''}`}
        // Focusable when it scrolls, so the list scrolls from the keyboard too.
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'group' : undefined}
        aria-label={scrolls && typeof legend === 'string' ? legend : undefined}
      >
        {choices.map((choice, index) => (
          <ChoiceRow
            key={choice.value}
            choice={choice}
            name={name}
            checked={chosen.includes(choice.value)}
            onChange={onChange}
            inputRef={index === 0 ? firstRef : undefined}
            divider={
              dividerAfter !== undefined && index === dividerAfter && index > 0 ? dividerLabel : undefined
            }
          />
        ))}
      </div>
    </fieldset>
  );
}

function ChoiceRow<V extends string>({
  choice,
  name,
  checked,
  onChange,
  inputRef,
  divider,
}: {
  choice: CheckboxChoice<V>;
  name: string;
  checked: boolean;
  onChange(value: V, checked: boolean): void;
  inputRef: Ref<HTMLInputElement> | undefined;
  divider: string | undefined;
}) {
  return (
    <>
      {divider ? (
        <span className="reports-choices__divider" aria-hidden="true">
          {divider}
        </span>
      ) : null}
      <label className="reports-choices__item">
        <input
          ref={inputRef}
          type="checkbox"
          name={name}
          value={choice.value}
          checked={checked}
          onChange={(event) => onChange(choice.value, event.target.checked)}
        />
        <span>{choice.label}</span>
      </label>
    </>
  );
}
