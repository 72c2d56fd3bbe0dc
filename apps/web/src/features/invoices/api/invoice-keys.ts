import type { InvoiceEmailKind } from '@fieldbook/domain';
import { recordKeys } from '../../../lib/record-keys';

/** Query keys of sales invoices. */
export const invoiceKeys = recordKeys('invoices');

/**
 * An invoice's emails sit under its detail key, so refreshing the invoice (after a send) refreshes them too: its
 * sends, and the email the dialog starts from.
 */
export const invoiceEmailKeys = {
  sends: (invoiceId: string) => [...invoiceKeys.detail(invoiceId), 'emails'] as const,
  draft: (invoiceId: string, kind: InvoiceEmailKind = 'INVOICE') =>
    [...invoiceKeys.detail(invoiceId), 'email-draft', kind] as const,
};

/**
 * An invoice's payments sit under its detail key too: a payment changes the invoice (its status, amount paid and
 * amount due), so the one refresh after a payment reads both.
 */
export const invoicePaymentKeys = {
  list: (invoiceId: string) => [...invoiceKeys.detail(invoiceId), 'payments'] as const,
};
