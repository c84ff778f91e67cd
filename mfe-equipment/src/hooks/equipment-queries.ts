import {
  PAGE_SIZES,
  type AssessRiskRequest,
  type ChangeEquipmentStatusRequest,
  type CreateEquipmentRequest,
  type DeviceHistoryPage,
  type DeviceRecallsResponse,
  type DeviceSafetyTests,
  type EquipmentDetail,
  type EquipmentDto,
  type LiveEvent,
  type LiveEventPayloads,
  type StatusHistoryPage,
} from '@caliber/contracts';
import {
  api,
  apiExchange,
  apiQuery,
  equipmentKeys,
  useLiveQueryUpdates,
  type LiveCacheRules,
} from '@caliber/web';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';

const devicePath = (id: string) => `/equipment/${encodeURIComponent(id)}`;

/** After a save of a device: its own reads and every page of the inventory are asked again. */
function deviceChanged(client: QueryClient, id: string) {
  // Not awaited: the form says it is saved at once, and the screen follows when the answers come.
  void client.invalidateQueries({ queryKey: equipmentKeys.detail(id) });
  void client.invalidateQueries({ queryKey: equipmentKeys.lists() });
}

/**
 * Adds a device. Only 201 is a success (the spec's rule); the answer's status is handed on so the
 * form can say anything else is unexpected.
 */
export function useAddEquipment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEquipmentRequest) => apiExchange<EquipmentDto>('POST', '/equipment', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: equipmentKeys.lists() }),
  });
}

/** A status change, carrying the version shown so a stale screen cannot overwrite a newer status. */
export function useChangeStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEquipmentStatusRequest) =>
      api.put<EquipmentDto>(`${devicePath(id)}/status`, body),
    onSuccess: () => deviceChanged(client, id),
  });
}

/**
 * The risk assessment's four scores, with the version shown. The saved device is shown at once
 * (its risk and version), then asked for again with the rest of its details.
 */
export function useAssessRisk(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AssessRiskRequest) => api.put<EquipmentDto>(`${devicePath(id)}/risk`, body),
    onSuccess: (saved) => {
      client.setQueryData<EquipmentDetail>(equipmentKeys.detail(id), (shown) =>
        shown ? { ...shown, ...saved } : shown,
      );
      deviceChanged(client, id);
    },
  });
}

/** Deletes a device: its reads are dropped (it is gone, nobody asks again) and the inventory reloads. */
export function useDeleteEquipment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ _id: string }>(devicePath(id)),
    onSuccess: () => {
      client.removeQueries({ queryKey: equipmentKeys.detail(id) });
      void client.invalidateQueries({ queryKey: equipmentKeys.lists() });
    },
  });
}

/**
 * The device's older status changes, after the newest page it came with: nothing is asked until
 * the person asks for them (`more`), then a page each time. A changed device (a new version) starts
 * again from its newest page.
 */
export function useOlderStatusChanges(item: EquipmentDetail) {
  const [askedFor, setAskedFor] = useState<number | null>(null);
  const enabled = askedFor === item.version;
  const query = useInfiniteQuery({
    queryKey: equipmentKeys.statusHistory(item._id, item.version),
    queryFn: ({ pageParam, signal }) =>
      api.get<StatusHistoryPage>(
        `${devicePath(item._id)}/history?page=${pageParam}&limit=${PAGE_SIZES.statusHistory}`,
        { signal },
      ),
    initialPageParam: 2,
    getNextPageParam: (last: StatusHistoryPage) => (last.page < last.pages ? last.page + 1 : undefined),
    enabled,
  });
  return {
    entries: enabled ? (query.data?.pages.flatMap((page) => page.entries) ?? []) : [],
    loading: enabled && query.isFetching,
    error: enabled && query.isError ? query.error : null,
    more: () => (enabled ? void query.fetchNextPage() : setAskedFor(item.version)),
  };
}

const TASK_EVENTS = [
  'task:created',
  'task:updated',
  'task:completed',
  'task:statusChanged',
  'task:workUpdated',
  'task:certified',
] as const satisfies readonly LiveEvent[];

/** A task of this device changed where this person may hear of it: its history is asked again. */
function maintenanceLiveRules(equipmentId: string): LiveCacheRules {
  const rule = (payload: LiveEventPayloads[(typeof TASK_EVENTS)[number]], client: QueryClient) => {
    if ('task' in payload && payload.task.equipment._id === equipmentId)
      void client.invalidateQueries({ queryKey: equipmentKeys.maintenancePages(equipmentId) });
  };
  return Object.fromEntries(TASK_EVENTS.map((event) => [event, rule]));
}

/** One page of the device's maintenance history, newest first; the page shown stays while the next loads. */
export function useDeviceMaintenance(equipmentId: string, page: number) {
  const client = useQueryClient();
  useLiveQueryUpdates(client, maintenanceLiveRules(equipmentId));
  return useQuery({
    queryKey: equipmentKeys.maintenance(equipmentId, page),
    queryFn: apiQuery<DeviceHistoryPage>(
      `${devicePath(equipmentId)}/maintenance?page=${page}&limit=${PAGE_SIZES.deviceMaintenance}`,
    ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Safety tests and recall actions are written on screens of their own (Record safety test, a
 * recall's page), which send no live event the device page hears: the device page asks again each
 * time it opens (showing what it had meanwhile), so a test just recorded is there on the way back.
 */
const ASKED_EACH_OPENING = 0;

/** The device's electrical-safety tests, newest first, and when the next one is due. */
export function useDeviceSafetyTests(equipmentId: string) {
  return useQuery({
    queryKey: equipmentKeys.safetyTests(equipmentId),
    queryFn: apiQuery<DeviceSafetyTests>(`${devicePath(equipmentId)}/safety-tests`),
    staleTime: ASKED_EACH_OPENING,
  });
}

/** The recalls that found the device; asked again when its count of open recall actions changes. */
export function useDeviceRecalls(equipmentId: string, openActions: number) {
  return useQuery({
    queryKey: equipmentKeys.recalls(equipmentId, openActions),
    queryFn: apiQuery<DeviceRecallsResponse>(`${devicePath(equipmentId)}/recalls`),
    staleTime: ASKED_EACH_OPENING,
  });
}
