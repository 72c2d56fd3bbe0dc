import { apiFetch } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { quoteKeys } from './quote-keys';

/** DELETE /sales/quotes/{id}: a draft only; any other status is the server's 409 (a quote once sent is kept). */
export function deleteQuote(id: string): Promise<void> {
  return apiFetch<void>(`/sales/quotes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeleteQuote = (id: string) => useDeleteRecord(quoteKeys, id, deleteQuote);
