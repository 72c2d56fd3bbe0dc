import type { Customer } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { customerKeys } from './customer-keys';

/** GET /customers?q&p&s: one page of customers and the total. */
export function getCustomers(params: ListParams): Promise<ListPage<Customer>> {
  return apiFetchList<Customer>(listRequestPath('/customers', params));
}

/** Re-evaluated on every navigation (stale at once). */
export function customersQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: () => getCustomers(params),
    staleTime: 0,
  });
}
