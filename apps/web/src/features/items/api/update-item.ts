import type { Item, ItemUpdate } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { itemKeys } from './item-keys';

/** PUT /items/{id} with every field and the `updated` that was read; a newer record is a 409. */
export function updateItem(id: string, item: ItemUpdate): Promise<Item> {
  return apiFetch<Item>(`/items/${encodeURIComponent(id)}`, { method: 'PUT', json: item });
}

export function useUpdateItem(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: ItemUpdate) => updateItem(id, item),
    onSuccess: (item) => {
      queryClient.setQueryData(itemKeys.detail(id), item);
      return queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
    },
  });
}
