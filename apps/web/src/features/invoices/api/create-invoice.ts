import type { Invoice, InvoiceFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { invoiceKeys } from './invoice-keys';

/** POST /sales/invoices: the new invoice, numbered by the server, its amounts and totals computed there. */
export function createInvoice(fields: InvoiceFields, idempotencyKey: string): Promise<Invoice> {
  return apiFetch<Invoice>('/sales/invoices', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateInvoice = () => useCreateRecord(invoiceKeys, createInvoice);
