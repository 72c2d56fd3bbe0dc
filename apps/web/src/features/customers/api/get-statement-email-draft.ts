import type { InvoiceEmailDraft } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/**
 * GET /customers/{id}/statement/email-draft?asAt=: the customer's billing email (or null) and the statement email's
 * subject and message with the customer, the date and the total owing filled in.
 */
export function getStatementEmailDraft(customerId: string, asAt: string): Promise<InvoiceEmailDraft> {
  return apiFetch<InvoiceEmailDraft>(
    `/customers/${encodeURIComponent(customerId)}/statement/email-draft?asAt=${encodeURIComponent(asAt)}`,
  );
}

/** Loaded afresh each time the dialog opens (and forgotten when it closes): what is owed may have changed. */
export function statementEmailDraftQueryOptions(customerId: string, asAt: string) {
  return queryOptions({
    queryKey: [...customerKeys.detail(customerId), 'statement-email-draft', asAt] as const,
    queryFn: () => getStatementEmailDraft(customerId, asAt),
    staleTime: 0,
    gcTime: 0,
  });
}
