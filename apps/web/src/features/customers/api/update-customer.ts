import type { Customer, CustomerFields, CustomerUpdate } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { type RecordVersion, useUpdateRecord } from '../../../lib/record-mutations';
import { customerKeys } from './customer-keys';

/** PUT /customers/{id} with every field and the `updated` that was read; a newer record is a 409. */
export function updateCustomer(
  id: string,
  customer: CustomerUpdate,
  idempotencyKey?: string,
): Promise<Customer> {
  return apiFetch<Customer>(`/customers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: customer,
    idempotencyKey,
  });
}

/** Saves over `read`, the version the editor started from. */
export const useUpdateCustomer = (read: RecordVersion) =>
  useUpdateRecord<CustomerFields, Customer>(customerKeys, read, updateCustomer);
