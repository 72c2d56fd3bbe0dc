import type { Payment, PaymentFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/record-mutations';
import { paymentsPath } from './get-invoice-payments';
import { usePaymentMutation } from './payment-mutation';

/**
 * POST /sales/invoices/{id}/payments: the payment, and the invoice as it left it (Paid once the payments reach
 * its total).
 */
export function recordPayment(
  invoiceId: string,
  fields: PaymentFields,
  idempotencyKey: string,
): Promise<Payment> {
  return apiFetch<Payment>(paymentsPath(invoiceId), { method: 'POST', json: fields, idempotencyKey });
}

/**
 * Records a payment with one Idempotency-Key per submission: Save pressed again on the same fields (after a lost
 * answer) records it once.
 */
export function useRecordPayment(invoiceId: string) {
  const submission = useSubmissionKey();
  return usePaymentMutation(
    invoiceId,
    (fields: PaymentFields) => submission.send(fields, (key) => recordPayment(invoiceId, fields, key)),
    () => submission.done(),
  );
}
