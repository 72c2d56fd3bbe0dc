import { apiFetch } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { invoiceKeys } from './invoice-keys';

/** DELETE /sales/invoices/{id}: a draft only; any other status is the server's 409 (an issued invoice is kept). */
export function deleteInvoice(id: string): Promise<void> {
  return apiFetch<void>(`/sales/invoices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeleteInvoice = (id: string) => useDeleteRecord(invoiceKeys, id, deleteInvoice);
