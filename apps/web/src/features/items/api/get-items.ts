import type { Item } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { itemKeys } from './item-keys';

/** GET /items?q&p&s: one page of catalogue items and the total. */
export function getItems(params: ListParams): Promise<ListPage<Item>> {
  return apiFetchList<Item>(listRequestPath('/items', params));
}

/** Re-evaluated on every navigation (stale at once). */
export function itemsQueryOptions(params: ListParams) {
  return queryOptions({ queryKey: itemKeys.list(params), queryFn: () => getItems(params), staleTime: 0 });
}
