import { readUdi, UDI_MAX_LENGTH, type UdiParts } from '@caliber/contracts';
import { FactList, TextField } from '@caliber/ui-kit';
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { udiFacts } from './UdiFacts';

export interface UdiFieldProps {
  name: string;
  value: string;
  onChange(value: string): void;
  /** The UDI read whole (Enter, a paste, or leaving the field): the form takes its serial. */
  onRead(parts: UdiParts): void;
}

/**
 * 'UDI (optional)': the GS1 barcode text, pasted or scanned. A scanner types the code and presses
 * Enter, so Enter here reads the UDI and never submits the form. Once read, the serial (21) fills
 * the serial number and what else the UDI carries is shown; a text that does not read says why on
 * the field (only once it is complete, not at every key typed).
 */
export function UdiField({ name, value, onChange, onRead }: UdiFieldProps) {
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

  const error = complete && reading && !reading.ok ? reading.message : null;
  return (
    <div className="udi-field">
      <TextField
        label="UDI (optional)"
        name={name}
        value={value}
        maxLength={UDI_MAX_LENGTH}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        placeholder="(01)…(21)…"
        hint="Scan or paste the GS1 barcode: its serial (21) fills the serial number."
        error={error}
        onChange={onInput}
        onKeyDown={onKeyDown}
        onBlur={(event) => finish(event.currentTarget.value)}
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
