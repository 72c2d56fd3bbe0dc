import type { Customer, CustomerFields } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** POST /customers/: the new customer, with its number. */
export function createCustomer(fields: CustomerFields, idempotencyKey: string): Promise<Customer> {
  return apiFetch<Customer>('/customers/', { method: 'POST', json: fields, idempotencyKey });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    // One Idempotency-Key per submission: a retried request cannot create a second customer.
    mutationFn: (fields: CustomerFields) => createCustomer(fields, crypto.randomUUID()),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(customer.id), customer);
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
