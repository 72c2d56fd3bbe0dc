import type { Customer } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { customerKeys } from './customer-keys';

/** Customers list page size (spec section 9). */
export const CUSTOMER_PAGE_SIZE = 15;

/** GET /customers?q&p&s: one page of customers and the total. */
export function getCustomers(params: ListParams): Promise<ListPage<Customer>> {
  return apiFetchList<Customer>(listRequestPath('/customers', params));
}

export function customersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: () => getCustomers(params),
    // The list is re-evaluated on every navigation.
    staleTime: 0,
  });
}
