import type { InvoiceEmailDraft, InvoiceEmailKind } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invoiceEmailKeys } from './invoice-keys';

/**
 * GET /sales/invoices/{id}/email-draft: the customer's billing email (or null) and the organisation's default
 * subject and message with the invoice's number, total and due date filled in; `REMINDER`: the payment
 * reminder's (`?kind=reminder`, refused for an invoice that is not overdue).
 */
export function getInvoiceEmailDraft(
  invoiceId: string,
  kind: InvoiceEmailKind = 'INVOICE',
): Promise<InvoiceEmailDraft> {
  const query = kind === 'REMINDER' ? '?kind=reminder' : '';
  return apiFetch<InvoiceEmailDraft>(`/sales/invoices/${encodeURIComponent(invoiceId)}/email-draft${query}`);
}

/** Loaded afresh each time the dialog opens (and forgotten when it closes): the defaults or the invoice may have changed. */
export function invoiceEmailDraftQueryOptions(invoiceId: string, kind: InvoiceEmailKind = 'INVOICE') {
  return queryOptions({
    queryKey: invoiceEmailKeys.draft(invoiceId, kind),
    queryFn: () => getInvoiceEmailDraft(invoiceId, kind),
    staleTime: 0,
    gcTime: 0,
  });
}
