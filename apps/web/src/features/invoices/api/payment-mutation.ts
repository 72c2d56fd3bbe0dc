import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceKeys } from './invoice-keys';

/**
 * A write to an invoice's payments. Its status, amount paid and amount due follow the money, so after it (or its
 * refusal: a 409 means something changed) the invoice is read again, its payments with it, and the invoice lists.
 */
export function usePaymentMutation<Variables, Result>(
  invoiceId: string,
  send: (variables: Variables) => Promise<Result>,
  onSent?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: onSent,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(invoiceId) }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
      ]),
  });
}
