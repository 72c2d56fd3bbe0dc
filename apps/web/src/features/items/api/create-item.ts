import type { Item, ItemFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { itemKeys } from './item-keys';

/** POST /items: the new item. A code already in use is a 400 with a field error on `code`. */
export function createItem(fields: ItemFields, idempotencyKey: string): Promise<Item> {
  return apiFetch<Item>('/items', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateItem = () => useCreateRecord(itemKeys, createItem);
