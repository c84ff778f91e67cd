import type { EquipmentDto } from '@caliber/contracts';
import { errorMessage } from '@caliber/web';
import { Combobox, type ComboboxSearch, type ComboboxTexts } from '@caliber/ui-widgets';
import type { ReactNode, Ref } from 'react';
import { equipmentSearch } from '../hooks/task-queries';
import { equipmentLabel } from '../utils/format';

/** A chosen device: what the forms send (`_id`) and show (`name (serial)`), and where it stands. */
export interface EquipmentChoice {
  _id: string;
  name: string;
  serialNumber: string;
  location?: string;
}

export interface EquipmentPickerProps {
  label: string;
  /** The field's name in its form, so a refused submit can move focus here. */
  name: string;
  value: EquipmentChoice | null;
  onChange(value: EquipmentChoice | null): void;
  placeholder?: string;
  required?: boolean;
  error?: string | null;
  /** Marks the field invalid without a message of its own (the form's message says why). */
  invalid?: boolean;
  hint?: ReactNode;
  /** What a failed search says when the server gives no message. */
  errorFallback?: string;
  /** Reaches the input, so a form library can focus it. */
  inputRef?: Ref<HTMLInputElement>;
  onBlur?(): void;
}

const choiceOf = (item: EquipmentChoice): EquipmentChoice => ({
  _id: item._id,
  name: item.name,
  serialNumber: item.serialNumber,
  location: item.location,
});

/** The search's matches as choices: a form holds only what it sends and shows. */
function choiceSearch(q: string): ComboboxSearch<EquipmentChoice & Partial<EquipmentDto>> {
  return equipmentSearch(q);
}

function pickerTexts(errorFallback: string): ComboboxTexts {
  return {
    searching: 'Searching…',
    empty: (query) => (query ? `No equipment matches "${query}".` : 'No equipment in the inventory.'),
    failed: (error) => errorMessage(error, errorFallback),
    more: (shown, total) => `Showing ${shown} of ${total}. Type to narrow the list.`,
    found: (count) => `${count} found.`,
    toggle: (open) => (open ? 'Hide equipment list' : 'Show equipment list'),
  };
}

/**
 * A searchable equipment combobox (the kit's server-searching `Combobox`). The server is asked
 * for the first matches as the person types, never for the whole inventory. Each match shows
 * its name and serial, then its department, location and state.
 */
export function EquipmentPicker({
  label,
  name,
  value,
  onChange,
  placeholder = 'Select equipment',
  required,
  error,
  invalid,
  hint,
  errorFallback = 'Failed to load equipment',
  inputRef,
  onBlur,
}: EquipmentPickerProps) {
  return (
    <Combobox<EquipmentChoice & Partial<EquipmentDto>>
      className="equipment-picker"
      label={label}
      name={name}
      value={value}
      onChange={(chosen) => onChange(chosen ? choiceOf(chosen) : null)}
      search={choiceSearch}
      itemKey={(item) => item._id}
      itemLabel={equipmentLabel}
      itemDetail={(item) => [item.department, item.location, item.status].filter(Boolean).join(' · ')}
      texts={pickerTexts(errorFallback)}
      placeholder={placeholder}
      required={required}
      error={error}
      invalid={invalid}
      hint={hint}
      inputRef={inputRef}
      onBlur={onBlur}
    />
  );
}
