import type { Job } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useQuoteConversion } from './quote-conversion';

/**
 * POST /sales/quotes/{id}/job: a job, Ready to be scheduled, with the accepted option's lines; the quote becomes
 * Converted. A quote that already made one answers with that job.
 */
export function createJobFromQuote(quoteId: string, idempotencyKey: string): Promise<Job> {
  return apiFetch<Job>(`/sales/quotes/${encodeURIComponent(quoteId)}/job`, {
    method: 'POST',
    idempotencyKey,
  });
}

export const useCreateJobFromQuote = (quoteId: string) => useQuoteConversion(quoteId, createJobFromQuote);
