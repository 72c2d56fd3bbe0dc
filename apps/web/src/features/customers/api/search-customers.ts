import type { Customer } from '@fieldbook/domain';
import { apiFetchList } from '../../../lib/api-client';
import { listRequestPath } from '../../../lib/list-params';
import { pickerQuery } from '../../../lib/picker-query';

/** Cache key prefix of the customer picker's suggestions; the typed text follows it. */
export const customerSuggestionsKey = ['customers', 'pick'] as const;

/** GET /customers?q={words AND-ed, the last one a prefix}&p=1&s=10: the customers a picker offers. */
export async function searchCustomers(text: string): Promise<Customer[]> {
  return (await apiFetchList<Customer>(listRequestPath('/customers', { q: pickerQuery(text), p: 1, s: 10 })))
    .items;
}
