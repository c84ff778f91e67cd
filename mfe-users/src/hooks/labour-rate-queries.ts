import type {
  AddLabourRate,
  CostSettings,
  LabourRate,
  LabourRatePage,
  RemovedRecord,
} from '@caliber/contracts';
import { api, apiQuery } from '@caliber/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { labourRateListQuery, type LabourRateFilters } from '../utils/labour-rate-form';

/**
 * The labour rates screen's queries: the hospital currency and a page of the rates. Both live
 * under one key, so every change (a currency set, a rate added or withdrawn) asks both again: the
 * rates' page carries the currency too, and "in force today" may change with a rate.
 */
export const costKeys = {
  all: ['costs'] as const,
  settings: () => [...costKeys.all, 'settings'] as const,
  rates: (query: string) => [...costKeys.all, 'rates', query] as const,
};

/** The hospital currency (null until an Admin sets it). */
export function useCostSettings() {
  return useQuery({ queryKey: costKeys.settings(), queryFn: apiQuery<CostSettings>('/cost-settings') });
}

/** A page of the rates with each role's rate in force today; the page shown stays while another loads. */
export function useLabourRates(filters: LabourRateFilters) {
  const query = labourRateListQuery(filters);
  return useQuery({
    queryKey: costKeys.rates(query),
    queryFn: apiQuery<LabourRatePage>(`/labour-rates?${query}`),
    placeholderData: keepPreviousData,
  });
}

export function useSetCurrency() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => api.put<CostSettings>('/cost-settings', { currency }),
    onSuccess: (settings) => {
      client.setQueryData(costKeys.settings(), settings);
      void client.invalidateQueries({ queryKey: costKeys.all });
    },
  });
}

export function useAddLabourRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rate: AddLabourRate) => api.post<LabourRate>('/labour-rates', rate),
    onSuccess: () => void client.invalidateQueries({ queryKey: costKeys.all }),
  });
}

export function useWithdrawLabourRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<RemovedRecord>(`/labour-rates/${encodeURIComponent(id)}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: costKeys.all }),
  });
}
