import type { EquipmentDto, EquipmentListResponse } from '@caliber/contracts';
import { useApiData } from './use-api-data';
import { useDebouncedValue } from './use-debounced-value';

/** How many devices the picker offers at once; typing narrows the rest down. */
export const PICKER_LIMIT = 20;
const SEARCH_DEBOUNCE_MS = 250;

export interface EquipmentSearch {
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
  return {
    items: data?.equipment ?? [],
    total: data?.total ?? 0,
    searching: open && (loading || q !== text.trim()),
    error,
  };
}
