import { useCallback, useState } from 'react';

interface Chosen {
  /** The filters the devices were chosen under (`filtersKey`). */
  key: string;
  ids: ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

export interface Selection {
  ids: ReadonlySet<string>;
  set(ids: readonly string[], selected: boolean): void;
  remove(id: string): void;
  clear(): void;
}

/**
 * Devices chosen on the inventory (for a sheet of labels), kept while the person pages through the
 * same filters and dropped when the filters change: devices chosen under other filters would be
 * printed without being on screen.
 */
export function useSelection(key: string): Selection {
  const [chosen, setChosen] = useState<Chosen>({ key, ids: NONE });
  const ids = chosen.key === key ? chosen.ids : NONE;

  const set = useCallback(
    (changed: readonly string[], selected: boolean) =>
      setChosen((current) => {
        const next = new Set(current.key === key ? current.ids : NONE);
        for (const id of changed) {
          if (selected) next.add(id);
          else next.delete(id);
        }
        return { key, ids: next };
      }),
    [key],
  );
  const remove = useCallback((id: string) => set([id], false), [set]);
  const clear = useCallback(() => setChosen({ key, ids: NONE }), [key]);
  return { ids, set, remove, clear };
}
