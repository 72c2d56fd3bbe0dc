import type { Quote, QuoteFields, QuoteStatus } from '@fieldbook/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '../../../lib/api-client';
import { type RecordVersion, useSubmissionKey, useUpdateRecord } from '../../../lib/record-mutations';
import { quoteKeys } from './quote-keys';

/** What a save sends: the whole quote (its expiry and terms too) with the `updated` that was read. */
export type QuoteSaveBody = QuoteFields & RecordVersion;

/** PUT /sales/quotes/{id}: the whole quote with the `updated` that was read; a newer quote is a 409. */
export function updateQuote(id: string, quote: QuoteSaveBody, idempotencyKey?: string): Promise<Quote> {
  return apiFetch<Quote>(`/sales/quotes/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: quote,
    idempotencyKey,
  });
}

/** Saves over `read`, the version the editor started from. */
export const useUpdateQuote = (read: RecordVersion) =>
  useUpdateRecord<QuoteFields, Quote>(quoteKeys, read, updateQuote);

/** A quote as read, as a save sends it back: every field, the references by id, and the `updated` read. */
export function quoteSave(quote: Quote): QuoteSaveBody {
  return {
    id: quote.id,
    updated: quote.updated,
    reference: quote.reference,
    status: quote.status,
    customer: { id: quote.customer.id },
    location: quote.location ? { id: quote.location.id } : null,
    date: quote.date,
    expiry: quote.expiry,
    title: quote.title,
    description: quote.description,
    terms: quote.terms,
    lineItems: quote.lineItems.map(({ code, description, quantity, price, amount, taxRate, option }) => ({
      code,
      description,
      quantity,
      price,
      amount,
      taxRate: taxRate ? { id: taxRate.id } : null,
      option,
    })),
    amountsEnteredIncludeTax: quote.amountsEnteredIncludeTax,
    acceptedOption: quote.acceptedOption,
  };
}

/** A move of the viewer's: the status, and for an accepted quote with options the option the customer chose. */
export interface QuoteStatusChange {
  status: QuoteStatus;
  acceptedOption?: string | null;
}

/**
 * The viewer's status actions (Mark as sent, Accept, Decline, Back to sent): the quote as the viewer shows it
 * with the new status, saved whole with its `updated`, so a change someone made since is the server's 409, never
 * overwritten. An accepted option is kept only while the quote is Accepted. One Idempotency-Key per submission, as
 * an editor's save. A refusal (409) reads the quote again before the caller hears of it, so the viewer shows it as
 * it is now beside the message, and the next press saves over that version (`quoteReadAgain` says whether it was).
 */
export function useChangeQuoteStatus(quote: Quote) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey({ renewAfterReuse: true });
  return useMutation({
    mutationFn: ({ status, acceptedOption = null }: QuoteStatusChange) => {
      const save = {
        ...quoteSave(quote),
        status,
        acceptedOption: status === 'CLOSED_ACCEPTED' ? acceptedOption : null,
      };
      return submission.send(save, (key) => updateQuote(quote.id, save, key));
    },
    onSuccess: (saved) => {
      submission.done();
      queryClient.setQueryData(quoteKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: quoteKeys.lists() });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 409)
        return queryClient.invalidateQueries({ queryKey: quoteKeys.detail(quote.id) });
    },
  });
}

/** Whether the quote in the cache is newer than `read` (after a 409, `useChangeQuoteStatus` read it again). */
export function quoteReadAgain(queryClient: QueryClient, read: Quote): boolean {
  const latest = queryClient.getQueryData<Quote>(quoteKeys.detail(read.id));
  return latest !== undefined && latest.updated !== read.updated;
}
