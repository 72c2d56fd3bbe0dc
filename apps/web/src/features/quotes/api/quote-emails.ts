import type { DocumentEmailFields, InvoiceEmailDraft, QuoteEmail } from '@fieldbook/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiFetchList } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/record-mutations';
import { quoteKeys } from './quote-keys';

/** A quote's emails sit under its detail key, so refreshing the quote (after a send) refreshes them too. */
const quoteEmailKeys = {
  sends: (quoteId: string) => [...quoteKeys.detail(quoteId), 'emails'] as const,
  draft: (quoteId: string) => [...quoteKeys.detail(quoteId), 'email-draft'] as const,
};

const base = (quoteId: string) => `/sales/quotes/${encodeURIComponent(quoteId)}`;

/**
 * GET /sales/quotes/{id}/email-draft: the customer's billing email (or null) and the quote email's subject and
 * message with its number, title, totals and expiry filled in. Loaded afresh each time the dialog opens.
 */
export function quoteEmailDraftQueryOptions(quoteId: string) {
  return queryOptions({
    queryKey: quoteEmailKeys.draft(quoteId),
    queryFn: () => apiFetch<InvoiceEmailDraft>(`${base(quoteId)}/email-draft`),
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /sales/quotes/{id}/emails: every send of the quote, newest first. */
export function quoteEmailsQueryOptions(quoteId: string) {
  return queryOptions({
    queryKey: quoteEmailKeys.sends(quoteId),
    queryFn: async () => (await apiFetchList<QuoteEmail>(`${base(quoteId)}/emails`)).items,
  });
}

/**
 * POST /sales/quotes/{id}/emails, with one Idempotency-Key per submission: the server attaches the PDF, adds the
 * link to accept or decline online (a new one: the link an earlier email gave stops working), queues the message
 * and moves a Draft quote to Sent. A send reloads the quote, its sends, and the quote lists.
 */
export function useEmailQuote(quoteId: string) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (fields: DocumentEmailFields) =>
      submission.send(fields, (idempotencyKey) =>
        apiFetch<QuoteEmail>(`${base(quoteId)}/emails`, { method: 'POST', json: fields, idempotencyKey }),
      ),
    onSuccess: () => {
      submission.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.detail(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteKeys.lists() }),
      ]);
    },
  });
}
