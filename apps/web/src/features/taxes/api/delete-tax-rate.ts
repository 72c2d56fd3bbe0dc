import { apiFetch } from '../../../lib/api-client';
import { useDeleteRecord } from '../../../lib/record-mutations';
import { taxRateKeys } from './tax-rate-keys';

/** DELETE /tax-rates/{id}: refused with 409 while invoice lines use the rate. */
export function deleteTaxRate(id: string): Promise<void> {
  return apiFetch<void>(`/tax-rates/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeleteTaxRate = (id: string) => useDeleteRecord(taxRateKeys, id, deleteTaxRate);
