import type { EquipmentDetail } from '@caliber/contracts';
import {
  apiQuery,
  ApiError,
  equipmentKeys,
  errorMessage,
  invalidates,
  useLiveQueryUpdates,
  type LiveCacheRules,
} from '@caliber/web';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

export interface EquipmentDetailState {
  item: EquipmentDetail | null;
  error: string | null;
  notFound: boolean;
  loading: boolean;
  reload(): void;
}

/**
 * How one device's cached reads follow live events: a change or deletion of this device asks again
 * for everything shown of it (a deleted one is then answered 'not found'); an applied import names
 * no devices, so any device may be among them.
 */
function deviceLiveRules(id: string): LiveCacheRules {
  const ifThis = (changedId: string, client: QueryClient) => {
    if (changedId === id) void client.invalidateQueries({ queryKey: equipmentKeys.detail(id) });
  };
  return {
    'equipment:updated': ({ equipment }, client) => ifThis(equipment._id, client),
    'equipment:statusChanged': ({ equipment }, client) => ifThis(equipment._id, client),
    'equipment:deleted': ({ _id }, client) => ifThis(_id, client),
    'equipment:imported': invalidates(equipmentKeys.detail(id)),
  };
}

/**
 * One device with the newest page of its status history, asked again when it changes anywhere
 * (its live events), so the details never show a state the device has left.
 */
export function useEquipmentDetail(id: string): EquipmentDetailState {
  const client = useQueryClient();
  useLiveQueryUpdates(client, deviceLiveRules(id));
  const query = useQuery({
    queryKey: equipmentKeys.detail(id),
    queryFn: apiQuery<EquipmentDetail>(`/equipment/${encodeURIComponent(id)}`),
  });
  // The inventory has no such device (deleted, or an address that names none): what was shown of
  // it goes too.
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return {
    item: notFound ? null : (query.data ?? null),
    error: query.isError ? errorMessage(query.error, 'Failed to fetch equipment') : null,
    notFound,
    loading: query.isPending,
    reload: () => void query.refetch(),
  };
}
