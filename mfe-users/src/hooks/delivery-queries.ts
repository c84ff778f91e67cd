import type { DeliveryRecordPage } from '@caliber/contracts';
import { apiQuery, deliveryKeys } from '@caliber/web';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deliveryListQuery, type DeliveryListFilters } from '../utils/delivery-list-query';

/**
 * One page of the delivery record, newest first (the API's 25 a page). While another page or
 * filter loads, the page shown stays. No live event tells of a delivery, so the screen asks again
 * when the Admin chooses Refresh.
 */
export function useDeliveryList(filters: DeliveryListFilters) {
  const query = deliveryListQuery(filters);
  return useQuery({
    queryKey: deliveryKeys.list(query),
    queryFn: apiQuery<DeliveryRecordPage>(`/notification-deliveries?${query}`),
    placeholderData: keepPreviousData,
  });
}
