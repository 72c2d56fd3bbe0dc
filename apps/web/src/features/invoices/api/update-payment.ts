import type { Payment, PaymentUpdate } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { paymentPath } from './get-invoice-payments';
import { usePaymentMutation } from './payment-mutation';

/** PUT /sales/invoices/{id}/payments/{paymentId}: the fields with the `updated` read; a newer payment is a 409. */
export function updatePayment(invoiceId: string, paymentId: string, update: PaymentUpdate): Promise<Payment> {
  return apiFetch<Payment>(paymentPath(invoiceId, paymentId), { method: 'PUT', json: update });
}

export const useUpdatePayment = (invoiceId: string) =>
  usePaymentMutation(invoiceId, ({ paymentId, update }: { paymentId: string; update: PaymentUpdate }) =>
    updatePayment(invoiceId, paymentId, update),
  );
