import { apiFetchBlob } from '../../../lib/api-client';
import { useFileDownload } from '../../../lib/download-file';

/** GET /sales/invoices/{id}/pdf: the invoice made from the organisation's default invoice template. */
export function getInvoicePdf(id: string): Promise<Blob> {
  return apiFetchBlob(`/sales/invoices/${encodeURIComponent(id)}/pdf`, {
    headers: { Accept: 'application/pdf, application/json' },
  });
}

/** The name the invoice's PDF is saved (and emailed) under. */
export const invoicePdfFileName = (number: number) => `invoice-${number}.pdf`;

/** The invoice's PDF, saved as invoice-{number}.pdf. */
export const useInvoicePdf = (invoice: { id: string; number: number }) =>
  useFileDownload(() => getInvoicePdf(invoice.id), invoicePdfFileName(invoice.number));
