import type { Item, ItemFields } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { itemKeys } from './item-keys';

/** POST /items: the new item. A code already in use is a 400 with a field error on `code`. */
export function createItem(fields: ItemFields, idempotencyKey: string): Promise<Item> {
  return apiFetch<Item>('/items', { method: 'POST', json: fields, idempotencyKey });
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    // One Idempotency-Key per submission: a retried request cannot create a second item.
    mutationFn: (fields: ItemFields) => createItem(fields, crypto.randomUUID()),
    onSuccess: (item) => {
      queryClient.setQueryData(itemKeys.detail(item.id), item);
      return queryClient.invalidateQueries({ queryKey: itemKeys.lists() });
    },
  });
}
