import { apiFetch } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { itemKeys } from './item-keys';

/** DELETE /items/{id}. */
export function deleteItem(id: string): Promise<void> {
  return apiFetch<void>(`/items/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeleteItem = (id: string) => useDeleteRecord(itemKeys, id, deleteItem);
