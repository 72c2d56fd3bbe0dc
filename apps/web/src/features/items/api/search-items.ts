import type { Item } from '@fieldbook/domain';
import { apiFetchList } from '../../../lib/api-client';
import { listRequestPath } from '../../../lib/list-params';
import { pickerQuery } from '../../../lib/picker-query';

/** Cache key prefix of the item picker's suggestions; the typed text follows it. */
export const itemSuggestionsKey = ['items', 'pick'] as const;

/** GET /items?q={words AND-ed, the last one a prefix}&p=1&s=10: catalogue items by code or description. */
export async function searchItems(text: string): Promise<Item[]> {
  return (await apiFetchList<Item>(listRequestPath('/items', { q: pickerQuery(text), p: 1, s: 10 }))).items;
}
