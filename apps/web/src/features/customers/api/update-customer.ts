import type { Customer, CustomerUpdate } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** PUT /customers/{id} with every field and the `updated` that was read; a newer record is a 409. */
export function updateCustomer(id: string, customer: CustomerUpdate): Promise<Customer> {
  return apiFetch<Customer>(`/customers/${encodeURIComponent(id)}`, { method: 'PUT', json: customer });
}

export function useUpdateCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customer: CustomerUpdate) => updateCustomer(id, customer),
    onSuccess: (customer) => {
      queryClient.setQueryData(customerKeys.detail(id), customer);
      return queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}
