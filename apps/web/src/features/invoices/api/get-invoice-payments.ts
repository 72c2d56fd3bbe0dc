import type { Payment } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList } from '../../../lib/api-client';
import { invoicePaymentKeys } from './invoice-keys';

/** The path of an invoice's payments, and of one of them. */
export const paymentsPath = (invoiceId: string) =>
  `/sales/invoices/${encodeURIComponent(invoiceId)}/payments`;
export const paymentPath = (invoiceId: string, paymentId: string) =>
  `${paymentsPath(invoiceId)}/${encodeURIComponent(paymentId)}`;

/** GET /sales/invoices/{id}/payments: every payment of the invoice, by date, then when it was recorded. */
export async function getInvoicePayments(invoiceId: string): Promise<Payment[]> {
  return (await apiFetchList<Payment>(paymentsPath(invoiceId))).items;
}

/** The invoice's payments; the viewer's loader fetches them afresh with the invoice. */
export function invoicePaymentsQueryOptions(invoiceId: string) {
  return queryOptions({
    queryKey: invoicePaymentKeys.list(invoiceId),
    queryFn: () => getInvoicePayments(invoiceId),
  });
}
