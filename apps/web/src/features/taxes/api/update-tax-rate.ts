import type { TaxRate, TaxRateFields, TaxRateUpdate } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { type RecordVersion, useUpdateRecord } from '../../../lib/record-mutations';
import { taxRateKeys } from './tax-rate-keys';

/** PUT /tax-rates/{id} with the name, the rate and the `updated` that was read; a newer rate is a 409. */
export function updateTaxRate(id: string, taxRate: TaxRateUpdate, idempotencyKey?: string): Promise<TaxRate> {
  return apiFetch<TaxRate>(`/tax-rates/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: taxRate,
    idempotencyKey,
  });
}

/** Saves over `read`, the version the editor started from. */
export const useUpdateTaxRate = (read: RecordVersion) =>
  useUpdateRecord<TaxRateFields, TaxRate>(taxRateKeys, read, updateTaxRate);
