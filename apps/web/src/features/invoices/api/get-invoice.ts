import type { Invoice } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invoiceKeys } from './invoice-keys';

/** GET /sales/invoices/{id}. */
export function getInvoice(id: string): Promise<Invoice> {
  return apiFetch<Invoice>(`/sales/invoices/${encodeURIComponent(id)}`);
}

export function invoiceQueryOptions(id: string) {
  return queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => getInvoice(id) });
}
