import type { Quote, QuoteFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { quoteKeys } from './quote-keys';

/**
 * POST /sales/quotes: the new quote, numbered by the server, its amounts and totals computed there, and its expiry
 * and terms the organisation's when left out.
 */
export function createQuote(fields: QuoteFields, idempotencyKey: string): Promise<Quote> {
  return apiFetch<Quote>('/sales/quotes', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateQuote = () => useCreateRecord(quoteKeys, createQuote);
