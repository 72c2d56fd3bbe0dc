import type { CustomerLocation } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { listRequestPath } from '../../../lib/list-params';
import { customerKeys } from './customer-keys';

/** The customer viewer shows up to this many locations. */
export const CUSTOMER_LOCATIONS_LIMIT = 100;

/** GET /locations?q=customer.id:{id}&s=100: the customer's locations. */
export function getCustomerLocations(customerId: string): Promise<ListPage<CustomerLocation>> {
  return apiFetchList<CustomerLocation>(
    listRequestPath('/locations', { q: `customer.id:${customerId}`, p: 1, s: CUSTOMER_LOCATIONS_LIMIT }),
  );
}

export function customerLocationsQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: customerKeys.locations(customerId),
    queryFn: () => getCustomerLocations(customerId),
  });
}
