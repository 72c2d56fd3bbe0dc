import type { Receivables } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { withQuery } from '../../../lib/paths';
import { recordKeys } from '../../../lib/record-keys';

/** Which report: as at `asAt` (else today), page `p` of `s` customers (each the server's default when absent). */
export interface ReceivablesParams {
  asAt?: string | undefined;
  p?: number | undefined;
  s?: number | undefined;
}

/**
 * GET /reports/receivables: a page of what each customer owes on Sent invoices, by age, as at `asAt` (else today),
 * with the totals of every customer who owes and how many they are.
 */
export function getReceivables({ asAt, p, s }: ReceivablesParams = {}): Promise<Receivables> {
  return apiFetch<Receivables>(withQuery('/reports/receivables', { asAt, p, s }));
}

/**
 * Under the invoice lists' key: an invoice saved or a payment recorded anywhere reloads it. Fresh on every visit,
 * as a list. No zod here: Home reads it too (`OverdueSummary`: the totals, with the first page, which the report's
 * first page shares).
 */
export function receivablesQueryOptions(params: ReceivablesParams = {}) {
  const { asAt, p, s } = params;
  return queryOptions({
    queryKey: [...recordKeys('invoices').lists(), 'receivables', asAt ?? null, p ?? null, s ?? null] as const,
    queryFn: () => getReceivables(params),
    staleTime: 0,
  });
}
