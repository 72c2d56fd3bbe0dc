import { apiFetch } from '../../../lib/api-client';
import { paymentPath } from './get-invoice-payments';
import { usePaymentMutation } from './payment-mutation';

/** DELETE /sales/invoices/{id}/payments/{paymentId}: a Paid invoice left with an amount due is Sent again. */
export function deletePayment(invoiceId: string, paymentId: string): Promise<void> {
  return apiFetch<void>(paymentPath(invoiceId, paymentId), { method: 'DELETE' });
}

export const useDeletePayment = (invoiceId: string) =>
  usePaymentMutation(invoiceId, (paymentId: string) => deletePayment(invoiceId, paymentId));
