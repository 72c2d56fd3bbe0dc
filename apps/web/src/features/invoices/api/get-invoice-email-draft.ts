import type { InvoiceEmailDraft } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invoiceEmailKeys } from './invoice-keys';

/**
 * GET /sales/invoices/{id}/email-draft: the customer's billing email (or null) and the organisation's default
 * subject and message with the invoice's number, total and due date filled in.
 */
export function getInvoiceEmailDraft(invoiceId: string): Promise<InvoiceEmailDraft> {
  return apiFetch<InvoiceEmailDraft>(`/sales/invoices/${encodeURIComponent(invoiceId)}/email-draft`);
}

/** Loaded afresh each time the dialog opens (and forgotten when it closes): the defaults or the invoice may have changed. */
export function invoiceEmailDraftQueryOptions(invoiceId: string) {
  return queryOptions({
    queryKey: invoiceEmailKeys.draft(invoiceId),
    queryFn: () => getInvoiceEmailDraft(invoiceId),
    staleTime: 0,
    gcTime: 0,
  });
}
