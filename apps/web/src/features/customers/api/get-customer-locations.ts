import type { CustomerLocation } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { locationKeys } from './location-keys';

/** The customer viewer shows up to this many locations. */
export const CUSTOMER_LOCATIONS_LIMIT = 100;

const ofCustomer = (customerId: string): ListParams => ({
  q: `customer.id:${customerId}`,
  p: 1,
  s: CUSTOMER_LOCATIONS_LIMIT,
});

/** GET /locations?q=customer.id:{id}&s=100: the customer's locations. */
export function getCustomerLocations(customerId: string): Promise<ListPage<CustomerLocation>> {
  return apiFetchList<CustomerLocation>(listRequestPath('/locations', ofCustomer(customerId)));
}

/** A list of locations, so a location's save or delete reloads it. */
export function customerLocationsQueryOptions(customerId: string) {
  return queryOptions({
    queryKey: locationKeys.list(ofCustomer(customerId)),
    queryFn: () => getCustomerLocations(customerId),
  });
}
