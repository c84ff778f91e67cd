import type { EquipmentDetail, LiveEvent } from '@caliber/contracts';
import { api, ApiError, errorMessage, useLiveEvents } from '@caliber/web';
import { useCallback, useEffect, useState } from 'react';

const CHANGING_EVENTS: readonly LiveEvent[] = [
  'equipment:updated',
  'equipment:statusChanged',
  'equipment:deleted',
  'equipment:imported',
];

interface Loaded {
  id: string;
  item: EquipmentDetail | null;
  error: string | null;
  /** The inventory has no such device (deleted, or an address that names none). */
  notFound: boolean;
}

export interface EquipmentDetailState {
  item: EquipmentDetail | null;
  error: string | null;
  notFound: boolean;
  loading: boolean;
  reload(): void;
}

/**
 * One device with the newest page of its status history, asked again when it changes anywhere
 * (its live events), so the details never show a state the device has left.
 */
export function useEquipmentDetail(id: string): EquipmentDetailState {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<EquipmentDetail>(`/equipment/${encodeURIComponent(id)}`, { signal: controller.signal })
      .then((item) => setLoaded({ id, item, error: null, notFound: false }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({
          id,
          item: null,
          error: errorMessage(error, 'Failed to fetch equipment'),
          notFound: error instanceof ApiError && error.status === 404,
        });
      });
    return () => controller.abort();
  }, [id, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);
  useLiveEvents(CHANGING_EVENTS, (event, payload) => {
    // An import names no devices: any one of them may be this one.
    if (event === 'equipment:imported') return reload();
    const changedId =
      (payload as { equipment?: { _id: string }; _id?: string }).equipment?._id ??
      (payload as { _id?: string })._id;
    if (changedId === id) reload();
  });

  const current = loaded?.id === id ? loaded : null;
  return {
    item: current?.item ?? null,
    error: current?.error ?? null,
    notFound: current?.notFound ?? false,
    loading: !current,
    reload,
  };
}
