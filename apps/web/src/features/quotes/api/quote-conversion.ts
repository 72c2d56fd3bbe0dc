import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSubmissionKey } from '../../../lib/record-mutations';
import { quoteKeys } from './quote-keys';

/**
 * Making an accepted quote into a job or an invoice, with one Idempotency-Key until it succeeds: a press again
 * after a lost answer makes nothing new. The quote (now Converted, naming what it made) and the quote lists are
 * read again afterwards, and after a refusal (409: the quote is no longer accepted).
 */
export function useQuoteConversion<Made>(
  quoteId: string,
  convert: (quoteId: string, idempotencyKey: string) => Promise<Made>,
) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: () => submission.send(quoteId, (key) => convert(quoteId, key)),
    onSuccess: () => submission.done(),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quoteKeys.detail(quoteId) }),
        queryClient.invalidateQueries({ queryKey: quoteKeys.lists() }),
      ]),
  });
}
