import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** DELETE /customers/{id}; a customer with jobs or invoices is a 409. */
export function deleteCustomer(id: string): Promise<void> {
  return apiFetch<void>(`/customers/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteCustomer(id),
    // The viewer that asked for the deletion still shows the record until it navigates away, so its
    // cache entry is left to expire rather than removed (which would refetch it, for a 404).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}
