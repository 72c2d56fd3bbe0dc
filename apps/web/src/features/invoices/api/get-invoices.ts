import type { Invoice } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { invoiceKeys } from './invoice-keys';

/** GET /sales/invoices?q&p&s: one page of invoices (newest number first) and the total. */
export function getInvoices(params: ListParams): Promise<ListPage<Invoice>> {
  return apiFetchList<Invoice>(listRequestPath('/sales/invoices', params));
}

/** Re-evaluated on every navigation (stale at once). */
export function invoicesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: invoiceKeys.list(params),
    queryFn: () => getInvoices(params),
    staleTime: 0,
  });
}

/** The customer viewer shows up to this many invoices (spec section 2). */
export const CUSTOMER_INVOICES_LIMIT = 100;

/**
 * The customer's invoices, a list of invoices (so an invoice's save or delete reloads it). The viewer's loader
 * fetches it afresh; the panel then reads what the loader fetched.
 */
export function customerInvoicesQueryOptions(customerId: string) {
  const params: ListParams = { q: `customer.id:${customerId}`, p: 1, s: CUSTOMER_INVOICES_LIMIT };
  return queryOptions({ queryKey: invoiceKeys.list(params), queryFn: () => getInvoices(params) });
}
