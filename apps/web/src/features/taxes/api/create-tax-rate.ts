import type { TaxRate, TaxRateFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { taxRateKeys } from './tax-rate-keys';

/** POST /tax-rates: the new rate. A name already in use (in any case) is a 400 with a field error on `name`. */
export function createTaxRate(fields: TaxRateFields, idempotencyKey: string): Promise<TaxRate> {
  return apiFetch<TaxRate>('/tax-rates', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateTaxRate = () => useCreateRecord(taxRateKeys, createTaxRate);
