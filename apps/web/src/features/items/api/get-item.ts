import type { Item } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { itemKeys } from './item-keys';

/** GET /items/{id}. */
export function getItem(id: string): Promise<Item> {
  return apiFetch<Item>(`/items/${encodeURIComponent(id)}`);
}

export function itemQueryOptions(id: string) {
  return queryOptions({ queryKey: itemKeys.detail(id), queryFn: () => getItem(id) });
}
