import type { Customer } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** GET /customers/{id}. */
export function getCustomer(id: string): Promise<Customer> {
  return apiFetch<Customer>(`/customers/${encodeURIComponent(id)}`);
}

export function customerQueryOptions(id: string) {
  return queryOptions({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id) });
}
