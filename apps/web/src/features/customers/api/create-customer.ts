import type { Customer, CustomerFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { customerKeys } from './customer-keys';

/** POST /customers/: the new customer, with its number. */
export function createCustomer(fields: CustomerFields, idempotencyKey: string): Promise<Customer> {
  return apiFetch<Customer>('/customers/', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateCustomer = () => useCreateRecord(customerKeys, createCustomer);
