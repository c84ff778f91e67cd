import type { InventoryDateOrder, InventoryImportDto } from '@caliber/contracts';
import {
  api,
  ApiError,
  apiRequest,
  equipmentKeys,
  errorMessage,
  inventoryImportKeys,
  recallKeys,
} from '@caliber/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { inventoryImportRequest } from '../utils/inventory-import';

/**
 * Where an import stands on the screen: a file being chosen (and sent), its preview (and its Apply
 * or Discard under way), or applied.
 */
export type ImportPhase = 'choose' | 'uploading' | 'preview' | 'applying' | 'discarding' | 'applied';

/** A file refused here, before it is sent: its message is shown as it is. */
class FileProblem extends Error {}

const importPath = (staged: InventoryImportDto) => `/inventory-imports/${encodeURIComponent(staged._id)}`;

/**
 * The inventory import's calls: the file sent and staged (the server answers its preview), the
 * staged import applied or discarded. Each refusal keeps the server's message for the screen's
 * alert. Nothing is written before Apply; a staged import nobody applies expires on the server.
 */
export function useInventoryImport() {
  const client = useQueryClient();
  const [staged, setStaged] = useState<InventoryImportDto | null>(null);

  const uploading = useMutation({
    mutationFn: async ({ file, dateOrder }: { file: File; dateOrder: InventoryDateOrder }) => {
      const check = inventoryImportRequest(file, dateOrder);
      if (!check.ok) throw new FileProblem(check.message);
      // The file itself is the body: the browser streams its bytes.
      return apiRequest<InventoryImportDto>('POST', check.path, { file });
    },
    onSuccess: setStaged,
  });
  const applying = useMutation({
    mutationFn: (preview: InventoryImportDto) => api.post<InventoryImportDto>(`${importPath(preview)}/apply`),
    onSuccess: (done) => {
      setStaged(done);
      // The rows now say what was done; the inventory and the devices written changed, and they
      // may be found by an open recall.
      void client.invalidateQueries({ queryKey: inventoryImportKeys.all });
      void client.invalidateQueries({ queryKey: equipmentKeys.all });
      void client.invalidateQueries({ queryKey: recallKeys.all });
    },
  });
  const discarding = useMutation({
    mutationFn: async (preview: InventoryImportDto) => {
      try {
        await api.delete(importPath(preview));
      } catch (failure) {
        // Already gone (expired, or discarded in another tab): there is nothing left to discard.
        if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
      }
    },
    onSuccess: () => setStaged(null),
  });

  const clearError = () => {
    uploading.reset();
    applying.reset();
    discarding.reset();
  };

  const phase: ImportPhase = uploading.isPending
    ? 'uploading'
    : applying.isPending
      ? 'applying'
      : discarding.isPending
        ? 'discarding'
        : !staged
          ? 'choose'
          : staged.state === 'applied'
            ? 'applied'
            : 'preview';

  const error = uploading.isError
    ? uploading.error instanceof FileProblem
      ? uploading.error.message
      : errorMessage(uploading.error, 'Failed to read the inventory file.')
    : applying.isError
      ? errorMessage(applying.error, 'Failed to apply the import.')
      : discarding.isError
        ? errorMessage(discarding.error, 'Failed to discard the import.')
        : null;

  return {
    phase,
    staged: phase === 'uploading' ? null : staged,
    error,
    upload: (file: File, dateOrder: InventoryDateOrder) => {
      clearError();
      setStaged(null);
      uploading.mutate({ file, dateOrder });
    },
    apply: () => {
      if (!staged) return;
      clearError();
      applying.mutate(staged);
    },
    discard: () => {
      clearError();
      if (staged) discarding.mutate(staged);
    },
    /** After an applied import: the screen starts again for the next file. */
    startOver: () => {
      clearError();
      setStaged(null);
    },
    clearError,
  };
}
