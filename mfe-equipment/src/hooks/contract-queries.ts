import type {
  AddServiceContractRequest,
  EquipmentListResponse,
  ServiceContract,
  ServiceContractPage,
  UpdateServiceContractRequest,
} from '@caliber/contracts';
import type { ComboboxSearch } from '@caliber/ui-widgets';
import { api, apiQuery, contractKeys, equipmentKeys } from '@caliber/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceChoice } from '../utils/contract-form';
import { PICKER_LIMIT } from './vendor-search';

const contractPath = (id: string) => `/service-contracts/${encodeURIComponent(id)}`;

/** One page of the contracts (state, search and page in `query`), kept shown while the next loads. */
export function useContractList(query: string) {
  return useQuery({
    queryKey: contractKeys.list(query),
    queryFn: apiQuery<ServiceContractPage>(`/service-contracts?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** One contract with the devices it names. */
export function useContract(id: string) {
  return useQuery({
    queryKey: contractKeys.detail(id),
    queryFn: apiQuery<ServiceContract>(contractPath(id)),
  });
}

/**
 * Records a new contract, or saves the whole contract with the version the form started from (a
 * change made meanwhile is refused with a 409, which asks the contract again so the page shows it).
 * A saved contract is put in the cache at once; the lists are asked again.
 */
export function useSaveContract(existingId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddServiceContractRequest | UpdateServiceContractRequest) =>
      existingId
        ? api.put<ServiceContract>(contractPath(existingId), body)
        : api.post<ServiceContract>('/service-contracts', body),
    onSuccess: (saved) => {
      client.setQueryData(contractKeys.detail(saved.id), saved);
      void client.invalidateQueries({ queryKey: contractKeys.lists() });
      // The devices' cover (kept under each device's key) may have changed with it.
      void client.invalidateQueries({
        queryKey: equipmentKeys.all,
        predicate: (query) => query.queryKey.at(-1) === 'cover',
      });
    },
    onError: () => {
      // Not awaited: the refusal shows at once, the contract as it now stands follows.
      if (existingId) void client.invalidateQueries({ queryKey: contractKeys.detail(existingId) });
    },
  });
}

/** The inventory's devices matching what is typed (name, serial number, model, manufacturer, place). */
export function deviceSearch(q: string): ComboboxSearch<DeviceChoice & { detail: string }> {
  const params = new URLSearchParams({ limit: String(PICKER_LIMIT) });
  if (q) params.set('q', q);
  const read = apiQuery<EquipmentListResponse>(`/equipment?${params.toString()}`);
  return {
    queryKey: contractKeys.deviceSearch(q),
    queryFn: async (context) => {
      const answer = await read(context);
      return {
        items: answer.equipment.map((device) => ({
          id: device._id,
          name: device.name,
          serialNumber: device.serialNumber,
          detail: [device.manufacturer, device.model, device.department].filter(Boolean).join(' · '),
        })),
        total: answer.total,
      };
    },
  };
}
