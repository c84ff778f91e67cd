import {
  VENDORS_PAGE_MAX,
  type RecordPartCostsRequest,
  type TaskDetail,
  type TaskDto,
  type VendorPage,
} from '@caliber/contracts';
import type { ComboboxSearch } from '@caliber/ui-widgets';
import { api, ApiError, apiQuery, taskKeys, vendorKeys } from '@caliber/web';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putTask, refreshTasks } from './task-queries';
import type { VendorOption } from './vendor-charge-queries';

/** Which vendors the supplier picker offers: those listed as suppliers, or every active vendor. */
export type SupplierScope = 'supplier' | 'all';

/**
 * The active vendors matching what is typed, the first page of them by name: those listed as
 * suppliers, or every kind when asked (a manufacturer selling its own spares may be listed only as
 * a manufacturer). Under the vendors' key, so a vendor added, renamed or retired is asked again.
 */
export function supplierSearch(scope: SupplierScope) {
  return (q: string): ComboboxSearch<VendorOption> => {
    const params = new URLSearchParams({ status: 'active', limit: String(VENDORS_PAGE_MAX) });
    if (scope === 'supplier') params.set('kind', 'supplier');
    if (q) params.set('q', q);
    const read = apiQuery<VendorPage>(`/vendors?${params.toString()}`);
    return {
      queryKey: [...vendorKeys.all, 'task-part-suppliers', scope, q],
      queryFn: async (context) => {
        const answer = await read(context);
        return {
          items: answer.rows.map((vendor) => ({ id: vendor.id, name: vendor.name, kinds: vendor.kinds })),
          total: answer.total,
        };
      },
    };
  };
}

/**
 * Records what a task's spare parts cost and who supplied them: one entry per part, with the
 * task's version. The answer (the task as saved, without the details' history and costs) is
 * merged into the open task at once, so its parts show their prices and its new version is what
 * the next change sends; it goes into the cached task pages too, then every task query is asked
 * again (the audit trail, the lists). A refusal because the task changed meanwhile (409) asks
 * again too, so the parts as they are now can be started from.
 */
export function useRecordPartCosts(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPartCostsRequest) =>
      api.put<TaskDto>(`/tasks/${encodeURIComponent(taskId)}/part-costs`, body),
    onSuccess: (task) => {
      client.setQueryData<TaskDetail>(taskKeys.detail(taskId), (shown) =>
        shown ? { ...shown, ...task } : shown,
      );
      putTask(client, task);
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) refreshTasks(client);
    },
  });
}
