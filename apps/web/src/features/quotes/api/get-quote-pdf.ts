import { apiFetchBlob } from '../../../lib/api-client';
import { useFileDownload } from '../../../lib/download-file';

/** GET /sales/quotes/{id}/pdf: the quote made from the organisation's quote template. */
export function getQuotePdf(id: string): Promise<Blob> {
  return apiFetchBlob(`/sales/quotes/${encodeURIComponent(id)}/pdf`, {
    headers: { Accept: 'application/pdf, application/json' },
  });
}

/** The name the quote's PDF is saved under. */
export const quotePdfFileName = (number: number) => `quote-${number}.pdf`;

/** The quote's PDF, saved as quote-{number}.pdf. */
export const useQuotePdf = (quote: { id: string; number: number }) =>
  useFileDownload(() => getQuotePdf(quote.id), quotePdfFileName(quote.number));
