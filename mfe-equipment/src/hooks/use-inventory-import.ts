import type { InventoryDateOrder, InventoryImportDto } from '@caliber/contracts';
import { api, ApiError, errorMessage } from '@caliber/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { inventoryImportRequest } from '../utils/inventory-import';

/**
 * Where an import stands on the screen: a file being chosen (and sent), its preview (and its Apply
 * or Discard under way), or applied.
 */
export type ImportPhase = 'choose' | 'uploading' | 'preview' | 'applying' | 'discarding' | 'applied';

interface ImportState {
  phase: ImportPhase;
  staged: InventoryImportDto | null;
  error: string | null;
}

const START: ImportState = { phase: 'choose', staged: null, error: null };

/**
 * The inventory import's calls: the file sent and staged (the server answers its preview), the
 * staged import applied or discarded. Each refusal keeps the server's message for the screen's
 * alert. Nothing is written before Apply; a staged import nobody applies expires on the server.
 */
export function useInventoryImport() {
  const [state, setState] = useState<ImportState>(START);
  const call = useRef<AbortController | null>(null);

  useEffect(() => () => call.current?.abort(), []);

  const begin = () => {
    call.current?.abort();
    const controller = new AbortController();
    call.current = controller;
    return controller;
  };

  const upload = useCallback(async (file: File, dateOrder: InventoryDateOrder) => {
    const controller = begin();
    setState({ phase: 'uploading', staged: null, error: null });
    try {
      const check = await inventoryImportRequest(file, dateOrder);
      if (controller.signal.aborted) return;
      if (!check.ok) return setState({ phase: 'choose', staged: null, error: check.message });
      const staged = await api.post<InventoryImportDto>('/equipment/imports', check.body, {
        signal: controller.signal,
      });
      setState({ phase: 'preview', staged, error: null });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setState({
        phase: 'choose',
        staged: null,
        error: errorMessage(failure, 'Failed to read the inventory file.'),
      });
    }
  }, []);

  const apply = useCallback(async () => {
    const staged = state.staged;
    if (!staged) return;
    const controller = begin();
    setState({ phase: 'applying', staged, error: null });
    try {
      const done = await api.post<InventoryImportDto>(
        `/equipment/imports/${encodeURIComponent(staged._id)}/apply`,
        undefined,
        { signal: controller.signal },
      );
      setState({ phase: 'applied', staged: done, error: null });
    } catch (failure) {
      if (controller.signal.aborted) return;
      setState({ phase: 'preview', staged, error: errorMessage(failure, 'Failed to apply the import.') });
    }
  }, [state.staged]);

  const discard = useCallback(async () => {
    const staged = state.staged;
    if (!staged) return setState(START);
    const controller = begin();
    setState({ phase: 'discarding', staged, error: null });
    try {
      await api.delete(`/equipment/imports/${encodeURIComponent(staged._id)}`, { signal: controller.signal });
      setState(START);
    } catch (failure) {
      if (controller.signal.aborted) return;
      // Already gone (expired, or discarded in another tab): there is nothing left to discard.
      if (failure instanceof ApiError && failure.status === 404) return setState(START);
      setState({ phase: 'preview', staged, error: errorMessage(failure, 'Failed to discard the import.') });
    }
  }, [state.staged]);

  /** After an applied import: the screen starts again for the next file. */
  const startOver = useCallback(() => {
    call.current?.abort();
    setState(START);
  }, []);

  const clearError = useCallback(() => setState((current) => ({ ...current, error: null })), []);

  return { ...state, upload, apply, discard, startOver, clearError };
}
