import type { DeviceAcquisition, SetDeviceAcquisitionRequest } from '@caliber/contracts';
import { api, ApiError, apiQuery, equipmentKeys } from '@caliber/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const acquisitionPath = (equipmentId: string) => `/equipment/${encodeURIComponent(equipmentId)}/acquisition`;

/**
 * The device's acquisition figures, under the device's own key: a change or deletion of the device
 * (which asks its key again, or drops it) reaches them too.
 */
export const acquisitionKey = (equipmentId: string) =>
  [...equipmentKeys.detail(equipmentId), 'acquisition'] as const;

/**
 * What the device cost, when it was bought, from whom and how long it should serve. Only cost
 * readers (Engineers, Managers, Admins) may ask: the caller renders nothing for anyone else, so the
 * query is never made for them.
 */
export function useDeviceAcquisition(equipmentId: string) {
  return useQuery({
    queryKey: acquisitionKey(equipmentId),
    queryFn: apiQuery<DeviceAcquisition>(acquisitionPath(equipmentId)),
  });
}

/** A 409: someone else changed the figures since they were read (the `version` sent is stale). */
export function isStale(failure: unknown): boolean {
  return failure instanceof ApiError && failure.status === 409;
}

/**
 * Replaces the four figures, carrying the version shown. The saved answer is shown at once (it is
 * the whole record, with its new version); a stale version asks the figures again, so the next
 * Save carries the newer version and the person sees what changed before overwriting it.
 */
export function useSetAcquisition(equipmentId: string) {
  const client = useQueryClient();
  const key = acquisitionKey(equipmentId);
  return useMutation({
    mutationFn: (body: SetDeviceAcquisitionRequest) =>
      api.put<DeviceAcquisition>(acquisitionPath(equipmentId), body),
    onSuccess: (saved) => client.setQueryData<DeviceAcquisition>(key, saved),
    onError: (failure) => {
      // Not awaited: the refusal shows at once, the figures follow when the answer comes.
      if (isStale(failure)) void client.invalidateQueries({ queryKey: key, exact: true });
    },
  });
}
