import type { Payment, PaymentUpdate } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/record-mutations';
import { paymentPath } from './get-invoice-payments';
import { usePaymentMutation } from './payment-mutation';

/** PUT /sales/invoices/{id}/payments/{paymentId}: the fields with the `updated` read; a newer payment is a 409. */
export function updatePayment(
  invoiceId: string,
  paymentId: string,
  update: PaymentUpdate,
  idempotencyKey?: string,
): Promise<Payment> {
  return apiFetch<Payment>(paymentPath(invoiceId, paymentId), {
    method: 'PUT',
    json: update,
    idempotencyKey,
  });
}

/**
 * Changes a payment with one Idempotency-Key per submission, as an editor's save: Save pressed again after a lost
 * answer gets that answer, not a 409 for the user's own first save.
 */
export function useUpdatePayment(invoiceId: string) {
  const submission = useSubmissionKey({ renewAfterReuse: true });
  return usePaymentMutation(
    invoiceId,
    (change: { paymentId: string; update: PaymentUpdate }) =>
      submission.send(change, (key) => updatePayment(invoiceId, change.paymentId, change.update, key)),
    () => submission.done(),
  );
}
