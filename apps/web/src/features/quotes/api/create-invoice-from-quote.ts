import type { Invoice } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useQuoteConversion } from './quote-conversion';

/**
 * POST /sales/quotes/{id}/invoice: a Draft invoice, dated today, with the accepted option's lines as the quote
 * keeps them; the quote becomes Converted. A quote that already made one answers with that invoice.
 */
export function createInvoiceFromQuote(quoteId: string, idempotencyKey: string): Promise<Invoice> {
  return apiFetch<Invoice>(`/sales/quotes/${encodeURIComponent(quoteId)}/invoice`, {
    method: 'POST',
    idempotencyKey,
  });
}

export const useCreateInvoiceFromQuote = (quoteId: string) =>
  useQuoteConversion(quoteId, createInvoiceFromQuote);
