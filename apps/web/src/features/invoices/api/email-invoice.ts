import type {
  DocumentEmailFields,
  InvoiceEmail,
  InvoiceEmailFields,
  InvoiceEmailKind,
} from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/record-mutations';
import { invoiceKeys } from './invoice-keys';

/**
 * POST /sales/invoices/{id}/emails: the server attaches the invoice's PDF, queues the message, records the send
 * and moves a Draft invoice to Sent, all at once.
 */
export function emailInvoice(
  invoiceId: string,
  fields: InvoiceEmailFields,
  idempotencyKey: string,
): Promise<InvoiceEmail> {
  return apiFetch<InvoiceEmail>(`/sales/invoices/${encodeURIComponent(invoiceId)}/emails`, {
    method: 'POST',
    json: fields,
    idempotencyKey,
  });
}

/**
 * Emails the invoice with one Idempotency-Key per submission: Send pressed again on the same text (after a lost
 * answer) cannot email the customer twice. `kind`: the invoice email or a payment reminder. A send reloads the invoice (a draft is now Sent), its sends, and the
 * invoice lists.
 */
export function useEmailInvoice(invoiceId: string, kind: InvoiceEmailKind = 'INVOICE') {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (fields: DocumentEmailFields) =>
      submission.send(fields, (key) => emailInvoice(invoiceId, { ...fields, kind }, key)),
    onSuccess: () => {
      submission.done();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(invoiceId) }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
      ]);
    },
  });
}
