import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list screen's filters, page and open record live in the address, so a view can be bookmarked,
 * shared and reopened with the Back button. These rules are the same on every list:
 * - an empty value removes its parameter, so addresses stay short and canonical;
 * - changing any filter starts again at page 1 (the old page may not exist in the new result);
 * - filter and page changes replace the history entry (typing a search must not fill Back with
 *   every keystroke), while opening or closing a record pushes one, so Back closes the record.
 */
export interface AddressFilterOptions<K extends string> {
  /** Parameters that name an open record (a dialog over the list): kept page, pushed history. */
  readonly recordKeys?: readonly K[];
}

export type AddressChanges<K extends string> = Partial<Record<K | 'page', string>>;

/** Whether `changes` open or close a record (a history entry of its own) rather than filter. */
function opensRecord(changes: object, recordKeys: readonly string[]): boolean {
  return Object.keys(changes).some((key) => recordKeys.includes(key));
}

/** The next address for `changes` under the rules above (pure, so it is tested on its own). */
export function nextAddress<K extends string>(
  current: URLSearchParams,
  changes: AddressChanges<K>,
  recordKeys: readonly string[] = [],
): { params: URLSearchParams; replace: boolean } {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value as string);
    else next.delete(key);
  }
  const record = opensRecord(changes, recordKeys);
  if (!('page' in changes) && !record) next.delete('page');
  return { params: next, replace: !record };
}

/**
 * The address's parameters and `update(changes)` under the list rules. `update` keeps its identity
 * between renders, so effects and memoised callbacks may depend on it.
 */
export function useAddressFilters<K extends string>(options: AddressFilterOptions<K> = {}) {
  const [params, setParams] = useSearchParams();
  const recordKeys = useRef<readonly string[]>(options.recordKeys ?? []);
  const update = useCallback(
    (changes: AddressChanges<K>) => {
      setParams((current) => nextAddress(current, changes, recordKeys.current).params, {
        replace: !opensRecord(changes, recordKeys.current),
      });
    },
    [setParams],
  );
  return { params, update };
}

/** `value`, once it has stayed the same for `delayMs` (a search box's settled text). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A search box bound to the address's `q`: the box answers every keystroke, the address (and so
 * the list's query) changes once the text has settled for `delayMs`. A `q` changed from outside
 * (Back, a link) is shown in the box.
 */
export function useAddressSearch(
  addressQ: string,
  update: (changes: { q: string }) => void,
  delayMs: number,
): [string, (text: string) => void] {
  const [search, setSearch] = useState(addressQ);
  const settled = useDebouncedValue(search, delayMs);
  const written = useRef(addressQ);
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    update({ q: settled });
  }, [settled, update]);
  useEffect(() => {
    if (addressQ === written.current) return;
    // The address moved without the box (Back, a shared link): follow it.
    written.current = addressQ;
    setSearch(addressQ);
  }, [addressQ]);
  return [search, setSearch];
}
