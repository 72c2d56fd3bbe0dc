import type { Item, ItemFields, ItemUpdate } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { type RecordVersion, useUpdateRecord } from '../../../lib/record-mutations';
import { itemKeys } from './item-keys';

/** PUT /items/{id} with every field and the `updated` that was read; a newer record is a 409. */
export function updateItem(id: string, item: ItemUpdate, idempotencyKey?: string): Promise<Item> {
  return apiFetch<Item>(`/items/${encodeURIComponent(id)}`, { method: 'PUT', json: item, idempotencyKey });
}

/** Saves over `read`, the version the editor started from. */
export const useUpdateItem = (read: RecordVersion) =>
  useUpdateRecord<ItemFields, Item>(itemKeys, read, updateItem);
