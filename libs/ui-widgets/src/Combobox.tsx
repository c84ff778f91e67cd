import { useDebouncedValue } from '@caliber/web';
import { useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode, type Ref } from 'react';
import {
  Button as AriaButton,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import './combobox.css';

/** One answer of a combobox's search: the matches shown, and how many match in all. */
export interface ComboboxResults<T> {
  items: readonly T[];
  /** How many match on the server; more than `items` means typing narrows the list. */
  total: number;
}

/** The query a combobox asks for a text: a key of its domain's factory and the function that answers it. */
export interface ComboboxSearch<T> {
  queryKey: QueryKey;
  queryFn: QueryFunction<ComboboxResults<T>>;
}

/** What the popover says in each state; the defaults are the plain ones. */
export interface ComboboxTexts {
  /** While the matches of what is typed are on their way. */
  searching: string;
  /** Nothing matches `query` ('' when nothing is typed: the list itself is empty). */
  empty(query: string): string;
  /** The search failed: the server's message or a fallback. */
  failed(error: unknown): string;
  /** Some of the matches are shown. */
  more(shown: number, total: number): string;
  /** Every match is shown. */
  found(count: number): string;
  /** The toggle's label, by whether the list is open. */
  toggle(open: boolean): string;
}

export interface ComboboxProps<T> {
  label: string;
  /** The visible input's name, so a refused form can move focus to it. */
  name?: string;
  value: T | null;
  onChange(value: T | null): void;
  /** The server's matches for the settled text ('' when nothing is typed, or the choice is shown). */
  search(text: string): ComboboxSearch<T>;
  /** A stable key of an item (its id). */
  itemKey(item: T): string;
  /** The text of an item: what the input shows once it is chosen, and what the option is named by. */
  itemLabel(item: T): string;
  /** A second, quieter line under the option's label (where a device stands, its state). */
  itemDetail?(item: T): ReactNode;
  texts: ComboboxTexts;
  placeholder?: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | null;
  /** Marks the field invalid without a message of its own (the form's message says why). */
  invalid?: boolean;
  /** Reaches the visible input, so a form library can focus it. */
  inputRef?: Ref<HTMLInputElement>;
  onBlur?(): void;
  /** How long typing must pause before the server is asked. */
  debounceMs?: number;
  className?: string;
}

/** How long typing pauses before a search is sent: short enough to feel immediate. */
export const COMBOBOX_DEBOUNCE_MS = 250;

/**
 * A combobox that searches the server as the person types (React Aria's ComboBox: the ARIA
 * combobox pattern, its keyboard and screen-reader behaviour). Framed like the kit's fields: the
 * label, the hint and the error are tied to the input (`aria-describedby`) and mark it invalid.
 *
 * - The server is asked only while the list is open, once typing pauses (`debounceMs`), through
 *   TanStack Query (the key comes from the caller's domain factory, so answers are cached).
 * - While a newer search is on its way, older matches are not offered: Enter must never choose an
 *   item from a list the person has already typed past.
 * - The popover says what is happening: searching, nothing found, the failure, or how many of the
 *   matches are shown.
 * - Typing after a choice clears it until another item is chosen; leaving the field restores the
 *   chosen item's text (or empties it). Escape closes an open list, or undoes typing, without
 *   closing a dialog around the field; on a settled field it reaches the dialog.
 */
export function Combobox<T>({
  label,
  name,
  value,
  onChange,
  search,
  itemKey,
  itemLabel,
  itemDetail,
  texts,
  placeholder,
  required,
  hint,
  error,
  invalid,
  inputRef,
  onBlur,
  debounceMs = COMBOBOX_DEBOUNCE_MS,
  className,
}: ComboboxProps<T>) {
  const chosenLabel = value ? itemLabel(value) : '';
  const [text, setText] = useState(chosenLabel);
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);
  // The popover is drawn inside the field rather than at the end of <body>: within a dialog
  // (aria-modal) it stays part of the dialog for screen readers and the dialog's focus trap.
  const [popoverHome, setPopoverHome] = useState<HTMLDivElement | null>(null);

  // A form reset (or any outside change of the choice) shows the new choice.
  if (value !== shownValue) {
    setShownValue(value);
    setText(chosenLabel);
  }

  // The chosen item's own text is no search: opening the list then offers the first items.
  const typed = (text === chosenLabel ? '' : text).trim();
  const settled = useDebouncedValue(typed, debounceMs);
  const query = useQuery({
    ...search(settled),
    // Asked only while the list is open, and only for text that has settled: never for each keystroke.
    enabled: open && settled === typed,
    // A failed search is shown at once: the next keystroke is the retry, and a person waiting on
    // a list should not watch a spinner through two more tries.
    retry: false,
  });
  const searching = open && (settled !== typed || query.isPending);
  const items = searching || !query.data ? [] : query.data.items;
  // The list opened on a chosen item offers it first when the server's first matches do not hold
  // it (or have not come yet): React Aria reads the chosen item's text from the list, to close the
  // list and restore the input on Escape or when the field is left. (A choice exists only while
  // its own text is shown: typing clears it.)
  const offered =
    value && !items.some((item) => itemKey(item) === itemKey(value)) ? [value, ...items] : items;
  const status = !open
    ? ''
    : searching
      ? texts.searching
      : query.isError
        ? texts.failed(query.error)
        : items.length === 0
          ? texts.empty(typed)
          : (query.data?.total ?? 0) > items.length
            ? texts.more(items.length, query.data?.total ?? 0)
            : texts.found(items.length);

  function chooseKey(key: Key | null) {
    const chosen = key === null ? null : (offered.find((item) => itemKey(item) === String(key)) ?? null);
    if (chosen === null || (value && itemKey(chosen) === itemKey(value))) {
      // React Aria hands back the current choice when the field is left or Escape reverts it:
      // the input shows the chosen item's text again (or nothing, when none is chosen).
      setText(chosenLabel);
      return;
    }
    setText(itemLabel(chosen));
    setShownValue(chosen);
    onChange(chosen);
  }

  return (
    <ComboBox
      className={['ck-field', 'ck-combobox', className].filter(Boolean).join(' ')}
      items={offered}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (value && next !== chosenLabel) {
          setShownValue(null);
          onChange(null);
        }
      }}
      selectedKey={value ? itemKey(value) : null}
      onSelectionChange={chooseKey}
      onOpenChange={setOpen}
      allowsEmptyCollection
      isRequired={required}
      isInvalid={Boolean(error) || invalid}
      validationBehavior="aria"
      onBlur={onBlur}
    >
      <Label className="ck-field__label">{label}</Label>
      <div
        className="ck-combobox__control"
        onKeyDown={(event) => {
          // React Aria lets Escape through once it has reverted a chosen item's text; while the
          // list was open or the text was being edited, Escape was for the field, not a dialog.
          if (event.key === 'Escape' && (open || text !== chosenLabel)) event.stopPropagation();
        }}
      >
        <Input
          ref={inputRef}
          name={name}
          className="ck-input ck-combobox__input"
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
        />
        <AriaButton className="ck-combobox__toggle" aria-label={texts.toggle(open)}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </div>
      {hint ? (
        <Text slot="description" className="ck-field__hint">
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text slot="errorMessage" className="ck-field__error">
          {error}
        </Text>
      ) : null}
      <div ref={setPopoverHome} className="ck-combobox__popover-home" />
      <Popover
        className="ck-combobox__popover"
        placement="bottom start"
        offset={4}
        UNSTABLE_portalContainer={popoverHome ?? undefined}
      >
        <ListBox<T> className="ck-combobox__list">
          {(item) => (
            <ListBoxItem id={itemKey(item)} textValue={itemLabel(item)} className="ck-combobox__option">
              <span className="ck-combobox__name">{itemLabel(item)}</span>
              {itemDetail ? <span className="ck-combobox__detail">{itemDetail(item)}</span> : null}
            </ListBoxItem>
          )}
        </ListBox>
        <p className="ck-combobox__status" role="status">
          {status}
        </p>
      </Popover>
    </ComboBox>
  );
}
