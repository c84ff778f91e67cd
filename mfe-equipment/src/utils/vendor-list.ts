import { VENDOR_KINDS, VENDOR_STATUSES, type VendorKind } from '@caliber/contracts';

/** Which vendors the list shows: those offered for new records, the retired ones, or both. */
type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** The list's filters as the address holds them; an address value the list does not know is ignored. */
export interface VendorFilters {
  q: string;
  kind: VendorKind | '';
  status: VendorStatus;
  page: number;
}

const isKind = (value: string | null): value is VendorKind =>
  (VENDOR_KINDS as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is VendorStatus =>
  (VENDOR_STATUSES as readonly (string | null)[]).includes(value);

/**
 * The filters in the address: `status` is left out for the active vendors (those offered for new
 * records, what one looks for nearly always), so the plain address shows them.
 */
export function vendorFiltersOf(params: URLSearchParams): VendorFilters {
  const kind = params.get('kind');
  const status = params.get('status');
  return {
    q: params.get('q')?.trim() ?? '',
    kind: isKind(kind) ? kind : '',
    status: isStatus(status) ? status : 'active',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The list's request: every filter said, the status too, so the request reads as the screen does. */
export function vendorQueryOf(filters: VendorFilters): string {
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.kind) query.set('kind', filters.kind);
  query.set('status', filters.status);
  query.set('page', String(filters.page));
  return query.toString();
}

export const STATUS_CHOICES: readonly { value: VendorStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'retired', label: 'Retired' },
  { value: 'all', label: 'All' },
];

/** "12 vendors", "1 vendor". */
export function countLine(total: number): string {
  return `${total} ${total === 1 ? 'vendor' : 'vendors'}`;
}
