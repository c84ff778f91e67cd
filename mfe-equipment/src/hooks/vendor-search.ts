import type { VendorKind, VendorPage } from '@caliber/contracts';
import type { ComboboxSearch } from '@caliber/ui-widgets';
import { apiQuery, vendorKeys } from '@caliber/web';

/** A vendor as a form holds it: what it sends (`id` or `name`) and shows (`name`). */
export interface VendorChoice {
  id: string;
  name: string;
}

/** How many matches a picker shows before typing narrows them. */
export const PICKER_LIMIT = 20;

/**
 * The active vendors matching what is typed: those of one kind (service providers for a contract,
 * suppliers for a device), or every active vendor when `kind` is 'all' (a manufacturer that sells
 * or services its own devices may not be marked as a supplier or a service provider). Under the
 * vendors' key, so a vendor added or renamed is offered at once.
 */
export function vendorSearch(kind: VendorKind | 'all') {
  return (q: string): ComboboxSearch<VendorChoice> => {
    const params = new URLSearchParams({ status: 'active', limit: String(PICKER_LIMIT) });
    if (kind !== 'all') params.set('kind', kind);
    if (q) params.set('q', q);
    const read = apiQuery<VendorPage>(`/vendors?${params.toString()}`);
    return {
      queryKey: vendorKeys.search(kind, q),
      queryFn: async (context) => {
        const answer = await read(context);
        return {
          items: answer.rows.map((vendor) => ({ id: vendor.id, name: vendor.name })),
          total: answer.total,
        };
      },
    };
  };
}
