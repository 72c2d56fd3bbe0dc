import type { Quote } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { quoteKeys } from './quote-keys';

/** GET /sales/quotes/{id}. */
export function getQuote(id: string): Promise<Quote> {
  return apiFetch<Quote>(`/sales/quotes/${encodeURIComponent(id)}`);
}

export function quoteQueryOptions(id: string) {
  return queryOptions({ queryKey: quoteKeys.detail(id), queryFn: () => getQuote(id) });
}
