import type { Quote } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { quoteKeys } from './quote-keys';

/** GET /sales/quotes?q&p&s: one page of quotes (newest number first) and the total. */
export function getQuotes(params: ListParams): Promise<ListPage<Quote>> {
  return apiFetchList<Quote>(listRequestPath('/sales/quotes', params));
}

/** Re-evaluated on every navigation (stale at once). */
export function quotesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: quoteKeys.list(params),
    queryFn: () => getQuotes(params),
    staleTime: 0,
  });
}

/** The customer viewer shows up to this many quotes, as it does invoices. */
export const CUSTOMER_QUOTES_LIMIT = 100;

/**
 * The customer's quotes, a list of quotes (so a quote's save or delete reloads it). The viewer's loader fetches it
 * afresh; the panel then reads what the loader fetched.
 */
export function customerQuotesQueryOptions(customerId: string) {
  const params: ListParams = { q: `customer.id:${customerId}`, p: 1, s: CUSTOMER_QUOTES_LIMIT };
  return queryOptions({ queryKey: quoteKeys.list(params), queryFn: () => getQuotes(params) });
}

/** The quote a job was made from (`job.id` on the quote list), or null: Copy to invoice takes its lines' rates. */
export function jobQuoteQueryOptions(jobId: string) {
  const params: ListParams = { q: `job.id:${jobId}`, p: 1, s: 1 };
  return queryOptions({
    // Under the lists' key, so a quote's save reloads it; its own last part, as it holds a quote, not a page.
    queryKey: [...quoteKeys.list(params), 'first'] as const,
    queryFn: async () => (await getQuotes(params)).items[0] ?? null,
  });
}
