import type { EquipmentDto, EquipmentListResponse } from '@caliber/contracts';
import { useApiData } from '@caliber/web';
import { useDebouncedValue } from './use-debounced-value';

/** How many devices the picker offers at once; typing narrows the rest down. */
export const PICKER_LIMIT = 20;
const SEARCH_DEBOUNCE_MS = 250;

export interface EquipmentSearch {
  /** The matches of what is typed now; none while a newer search is on its way. */
  items: EquipmentDto[];
  /** How many devices match in all (the picker shows at most PICKER_LIMIT of them). */
  total: number;
  searching: boolean;
  error: string | null;
}

/**
 * Devices matching what the person types, asked of the server when typing pauses: the inventory
 * is far too large to load whole. Nothing is asked while the picker is closed.
 */
export function useEquipmentSearch(text: string, open: boolean, errorFallback: string): EquipmentSearch {
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const params = new URLSearchParams({ limit: String(PICKER_LIMIT) });
  if (q) params.set('q', q);
  const { data, error, loading } = useApiData<EquipmentListResponse>(
    open ? `/equipment?${params.toString()}` : null,
    errorFallback,
  );
  // Older matches are not offered while the newer ones load: Enter must never choose a device
  // from a list the person has already typed past.
  const searching = open && (loading || q !== text.trim());
  return {
    items: searching ? [] : (data?.equipment ?? []),
    total: searching ? 0 : (data?.total ?? 0),
    searching,
    error: searching ? null : error,
  };
}
