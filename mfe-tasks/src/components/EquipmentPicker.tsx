import type { EquipmentDto } from '@caliber/contracts';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FieldFrame } from '@caliber/ui-kit';
import { useEquipmentSearch, type EquipmentSearch } from '../hooks/use-equipment-search';
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
}

const choiceOf = (item: EquipmentDto): EquipmentChoice => ({
  _id: item._id,
  name: item.name,
  serialNumber: item.serialNumber,
  location: item.location,
});

/**
 * A searchable equipment combobox (the ARIA combobox pattern with a list popup). The server is
 * asked for the first matches as the person types, never for the whole inventory. Arrow keys move
 * through the matches, Enter chooses, Escape closes the list (or, when it is closed, restores the
 * chosen device's name). Typing after a choice clears it until another device is chosen.
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
}: EquipmentPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const chosenLabel = value ? equipmentLabel(value) : '';
  const [text, setText] = useState(chosenLabel);
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A form reset (or any outside change of the choice) shows the new choice.
  if (value !== shownValue) {
    setShownValue(value);
    setText(chosenLabel);
  }

  // The chosen device's own label is no search: opening the list then offers the first devices.
  const query = text === chosenLabel ? '' : text;
  const search = useEquipmentSearch(query, open, errorFallback);
  const activeIndex = active < search.items.length ? active : -1;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (open && activeIndex >= 0)
      document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
    // optionId is derived from the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, activeIndex]);

  function choose(item: EquipmentDto) {
    const choice = choiceOf(item);
    setText(equipmentLabel(choice));
    setShownValue(choice);
    setOpen(false);
    setActive(-1);
    onChange(choice);
  }

  function restore() {
    setText(chosenLabel);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = search.items.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(count > 0 ? 0 : -1);
        } else if (count > 0) setActive(Math.min(activeIndex + 1, count - 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (open && count > 0) setActive(Math.max(activeIndex - 1, 0));
        return;
      case 'Enter': {
        if (!open) return;
        // An open list takes Enter: it chooses, and never submits the form behind it.
        event.preventDefault();
        const item = search.items[activeIndex];
        if (item) choose(item);
        return;
      }
      case 'Escape':
        if (open || text !== chosenLabel) {
          // Handled here: a dialog around the picker stays open.
          event.preventDefault();
          event.stopPropagation();
          if (open) {
            setOpen(false);
            setActive(-1);
          } else restore();
        }
        return;
    }
  }

  const more = search.total > search.items.length;
  return (
    <FieldFrame
      {...{ label, hint, error, invalid, id }}
      className="equipment-picker"
      control={(control) => (
        <div className="equipment-picker__control">
          <input
            {...control}
            name={name}
            className="ck-input equipment-picker__input"
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && activeIndex >= 0 ? optionId(activeIndex) : undefined}
            aria-required={required || undefined}
            placeholder={placeholder}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
              if (value) {
                setShownValue(null);
                onChange(null);
              }
            }}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            onBlur={restore}
          />
          <button
            type="button"
            className="equipment-picker__toggle"
            tabIndex={-1}
            aria-label={open ? 'Hide equipment list' : 'Show equipment list'}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              document.getElementById(id)?.focus();
              setOpen(!open);
            }}
          >
            <span aria-hidden="true">▾</span>
          </button>
          <div
            className="equipment-picker__popup"
            hidden={!open}
            onMouseDown={(event) => event.preventDefault()}
          >
            <ul id={listId} role="listbox" aria-label={label} className="equipment-picker__list">
              {search.items.map((item, index) => (
                <li
                  key={item._id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className="equipment-picker__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => index !== activeIndex && setActive(index)}
                  onClick={() => choose(item)}
                >
                  <span className="equipment-picker__name">{equipmentLabel(item)}</span>
                  <span className="equipment-picker__meta">
                    {[item.department, item.location, item.status].filter(Boolean).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
            <p className="equipment-picker__status" role="status">
              {open ? pickerStatus(search, query, more) : ''}
            </p>
          </div>
        </div>
      )}
    />
  );
}

function pickerStatus(search: EquipmentSearch, query: string, more: boolean): string {
  if (search.error) return search.error;
  if (search.searching) return 'Searching…';
  if (search.items.length === 0)
    return query.trim() ? `No equipment matches "${query.trim()}".` : 'No equipment in the inventory.';
  if (more) return `Showing ${search.items.length} of ${search.total}. Type to narrow the list.`;
  return `${search.items.length} found.`;
}
