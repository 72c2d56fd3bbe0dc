import type { Receivables } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { recordKeys } from '../../../lib/record-keys';

/** GET /reports/receivables: what each customer owes on Sent invoices, by age, as at `asAt` (else today). */
export function getReceivables(asAt?: string): Promise<Receivables> {
  return apiFetch<Receivables>(
    asAt ? `/reports/receivables?${new URLSearchParams({ asAt })}` : '/reports/receivables',
  );
}

/**
 * Under the invoice lists' key: an invoice saved or a payment recorded anywhere reloads it. Fresh on every visit,
 * as a list. No zod here: Home reads it too (`OverdueSummary`).
 */
export function receivablesQueryOptions(asAt?: string) {
  return queryOptions({
    queryKey: [...recordKeys('invoices').lists(), 'receivables', asAt ?? null] as const,
    queryFn: () => getReceivables(asAt),
    staleTime: 0,
  });
}
