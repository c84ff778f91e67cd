import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_CHANNELS,
  DELIVERY_STATE_LABELS,
  DELIVERY_STATES,
  type DeliveryChannel,
  type DeliveryState,
} from '@caliber/contracts';

/** The delivery record's filters as the address holds them ('' for all). */
export interface DeliveryListFilters {
  state: DeliveryState | '';
  channel: DeliveryChannel | '';
  page: number;
}

function oneOf<T extends string>(choices: readonly T[], value: string | null): T | '' {
  return (choices as readonly string[]).includes(value ?? '') ? (value as T) : '';
}

/** The filters in an address's query, anything the screen does not offer read as "all". */
export function deliveryFiltersOf(params: URLSearchParams): DeliveryListFilters {
  const page = Number(params.get('page'));
  return {
    state: oneOf(DELIVERY_STATES, params.get('state')),
    channel: oneOf(DELIVERY_CHANNELS, params.get('channel')),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query of `GET /notification-deliveries`: the page, and only the filters set (the API's page size). */
export function deliveryListQuery(filters: DeliveryListFilters): string {
  const params = new URLSearchParams({ page: String(filters.page) });
  if (filters.state) params.set('state', filters.state);
  if (filters.channel) params.set('channel', filters.channel);
  return params.toString();
}

export const DELIVERY_STATE_CHOICES: { value: DeliveryState | ''; label: string }[] = [
  { value: '', label: 'All states' },
  ...DELIVERY_STATES.map((value) => ({ value, label: DELIVERY_STATE_LABELS[value] })),
];

export const DELIVERY_CHANNEL_CHOICES: { value: DeliveryChannel | ''; label: string }[] = [
  { value: '', label: 'All channels' },
  ...DELIVERY_CHANNELS.map((value) => ({ value, label: DELIVERY_CHANNEL_LABELS[value] })),
];
