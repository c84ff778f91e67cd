import { readUdi, UDI_MAX_LENGTH, type UdiParts } from '@caliber/contracts';
import { FactList, TextField } from '@caliber/ui-kit';
import { useState, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { udiFacts } from './UdiFacts';

export interface UdiFieldProps {
  name: string;
  value: string;
  onChange(value: string): void;
  /** The UDI read whole (Enter, a paste, or leaving the field): the form takes its serial. */
  onRead(parts: UdiParts): void;
  /** After the field is left (a form library marks it touched). */
  onBlur?(): void;
  /** The form's message for the field (a refused submit); the field's own reading says why otherwise. */
  error?: string;
  /** Reaches the input, so a refused submit can focus it. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * 'UDI (optional)': the GS1 barcode text, pasted or scanned. A scanner types the code and presses
 * Enter, so Enter here reads the UDI and never submits the form. Once read, the serial (21) fills
 * the serial number and what else the UDI carries is shown; a text that does not read says why on
 * the field (only once it is complete, not at every key typed).
 */
export function UdiField({ name, value, onChange, onRead, onBlur, error, ref }: UdiFieldProps) {
  const [complete, setComplete] = useState(false);
  const text = value.trim();
  const reading = text ? readUdi(text) : null;

  function finish(current: string) {
    setComplete(true);
    const read = current.trim() ? readUdi(current.trim()) : null;
    if (read?.ok) onRead(read.parts);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    finish(event.currentTarget.value);
  }

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    onChange(next);
    // A paste is the whole code at once; typing is not finished until Enter or leaving the field.
    const pasted = (event.nativeEvent as InputEvent).inputType === 'insertFromPaste';
    if (pasted) finish(next);
    else setComplete(false);
  }

  const ownError = complete && reading && !reading.ok ? reading.message : null;
  return (
    <div className="udi-field">
      <TextField
        ref={ref}
        label="UDI (optional)"
        name={name}
        value={value}
        maxLength={UDI_MAX_LENGTH}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        placeholder="(01)…(21)…"
        hint="Scan or paste the GS1 barcode: its serial (21) fills the serial number."
        error={error ?? ownError}
        onChange={onInput}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          finish(event.currentTarget.value);
          onBlur?.();
        }}
      />
      {reading?.ok ? (
        <div className="udi-field__reading" role="status">
          <span className="udi-field__title">Read from the UDI</span>
          <FactList
            facts={[
              ...udiFacts({ ...reading.parts, udi: null }),
              ...(reading.parts.serialNumber ? [['Serial', reading.parts.serialNumber] as const] : []),
            ]}
          />
        </div>
      ) : null}
    </div>
  );
}
