import {
  VENDORS_PAGE_MAX,
  type RecordVendorChargesRequest,
  type TaskDetail,
  type TaskVendorCharges,
  type VendorKind,
  type VendorPage,
} from '@caliber/contracts';
import type { ComboboxSearch } from '@caliber/ui-widgets';
import { api, ApiError, apiQuery, taskKeys, vendorKeys } from '@caliber/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VendorChoice } from '../utils/vendor-charges-form';

/**
 * A vendor of the charges form's picker: what the form holds, and for an option offered, the roles
 * the company plays (its second line). A vendor already chosen carries no roles.
 */
export type VendorOption = VendorChoice & { kinds?: readonly VendorKind[] };

/**
 * The active vendors matching what is typed, of every kind (a manufacturer or a supplier invoices a
 * call-out as a service provider does), the first page of them by name. Under the vendors' key,
 * so a vendor added, renamed or retired is asked again.
 */
export function vendorSearch(q: string): ComboboxSearch<VendorOption> {
  const params = new URLSearchParams({ status: 'active', limit: String(VENDORS_PAGE_MAX) });
  if (q) params.set('q', q);
  const read = apiQuery<VendorPage>(`/vendors?${params.toString()}`);
  return {
    queryKey: [...vendorKeys.all, 'task-charges-search', q],
    queryFn: async (context) => {
      const answer = await read(context);
      return {
        items: answer.rows.map((vendor) => ({ id: vendor.id, name: vendor.name, kinds: vendor.kinds })),
        total: answer.total,
      };
    },
  };
}

/**
 * Records a task's vendor charges: the whole list with the version it was read at. The answer is
 * put into the open task at once (its new version is what the next change must send), then the
 * task is asked again for its audit trail. A refusal because someone changed the charges meanwhile
 * (409) asks for the task again, so the newest charges can be started from.
 */
export function useRecordVendorCharges(taskId: string) {
  const client = useQueryClient();
  const key = taskKeys.detail(taskId);
  return useMutation({
    mutationFn: (body: RecordVendorChargesRequest) =>
      api.put<TaskVendorCharges>(`/tasks/${encodeURIComponent(taskId)}/vendor-charges`, body),
    onSuccess: (vendorCharges) => {
      client.setQueryData<TaskDetail>(key, (task) => (task ? { ...task, vendorCharges } : task));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409)
        void client.invalidateQueries({ queryKey: key });
    },
  });
}
