import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { itemKeys } from './item-keys';

/** DELETE /items/{id}. */
export function deleteItem(id: string): Promise<void> {
  return apiFetch<void>(`/items/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteItem(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteItem(id),
    // The viewer that asked for the deletion still shows the record until it navigates away, so its
    // cache entry is left to expire rather than removed (which would refetch it, for a 404).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.lists() }),
  });
}
