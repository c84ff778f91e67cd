import type { AddVendorRequest, UpdateVendorRequest, Vendor, VendorPage } from '@caliber/contracts';
import { api, apiQuery, vendorKeys } from '@caliber/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const vendorPath = (id: string) => `/vendors/${encodeURIComponent(id)}`;

/** One page of the vendors (by name), kept shown while another page, search or filter loads. */
export function useVendorList(query: string) {
  return useQuery({
    queryKey: vendorKeys.list(query),
    queryFn: apiQuery<VendorPage>(`/vendors?${query}`),
    placeholderData: keepPreviousData,
  });
}

/**
 * The vendor as saved now, asked afresh whatever is cached: after a save refused as stale (409),
 * the form starts again from it and its version.
 */
export function useFreshVendor() {
  const client = useQueryClient();
  return (id: string) =>
    client.fetchQuery({
      queryKey: vendorKeys.detail(id),
      queryFn: apiQuery<Vendor>(vendorPath(id)),
      staleTime: 0,
    });
}

/**
 * A write of the list: every page is asked again, whether it succeeded or was refused (a refusal
 * of a stale version or a taken name means the list shown is behind what is saved).
 */
function useVendorChange<Input>(send: (input: Input) => Promise<Vendor>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => void client.invalidateQueries({ queryKey: vendorKeys.all }),
  });
}

/** Adds a vendor (Engineers, Managers and Admins). */
export function useAddVendor() {
  return useVendorChange((body: AddVendorRequest) => api.post<Vendor>('/vendors', body));
}

/**
 * Replaces a vendor's record, retired or not, with the version the form started from: a change
 * made meanwhile is refused (409), not overwritten.
 */
export function useUpdateVendor(id: string) {
  return useVendorChange((body: UpdateVendorRequest) => api.put<Vendor>(vendorPath(id), body));
}
