import { type Customer, MATCH_ALL } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList } from '../../../lib/api-client';
import { listRequestPath } from '../../../lib/list-params';
import { recordKeys } from '../../../lib/record-keys';

const customersPage = (p: number, s: number) =>
  apiFetchList<Customer>(listRequestPath('/customers', { q: MATCH_ALL, p, s }));

/**
 * GET /customers: the `count` customers added last, newest first. The list is in customer-number order (numbers
 * are given in the order customers are added), so they are at its end: the first page says how many there are,
 * and the last `count` lie on at most the last two pages of that size.
 */
export async function getRecentCustomers(count: number): Promise<Customer[]> {
  const first = await customersPage(1, count);
  if (first.total <= count) return first.items.toReversed();
  const lastPage = Math.ceil(first.total / count);
  const pages = await Promise.all([customersPage(lastPage - 1, count), customersPage(lastPage, count)]);
  return pages
    .flatMap((page) => page.items)
    .slice(-count)
    .toReversed();
}

/** Under the customer lists' key: a saved or deleted customer reloads it. Fresh on every visit. */
export function recentCustomersQueryOptions(count: number) {
  return queryOptions({
    queryKey: [...recordKeys('customers').lists(), 'recent', count] as const,
    queryFn: () => getRecentCustomers(count),
    staleTime: 0,
  });
}
