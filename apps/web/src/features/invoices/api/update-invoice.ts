import type { Invoice, InvoiceFields, InvoiceUpdate } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { type RecordVersion, useUpdateRecord } from '../../../lib/record-mutations';
import { invoiceKeys } from './invoice-keys';

/** PUT /sales/invoices/{id}: the whole invoice with the `updated` that was read; a newer invoice is a 409. */
export function updateInvoice(id: string, invoice: InvoiceUpdate, idempotencyKey?: string): Promise<Invoice> {
  return apiFetch<Invoice>(`/sales/invoices/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: invoice,
    idempotencyKey,
  });
}

/** Saves over `read`, the version the editor started from. */
export const useUpdateInvoice = (read: RecordVersion) =>
  useUpdateRecord<InvoiceFields, Invoice>(invoiceKeys, read, updateInvoice);
