import type { TaxRate } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { taxRateKeys } from './tax-rate-keys';

/** GET /tax-rates/{id}. */
export function getTaxRate(id: string): Promise<TaxRate> {
  return apiFetch<TaxRate>(`/tax-rates/${encodeURIComponent(id)}`);
}

export function taxRateQueryOptions(id: string) {
  return queryOptions({ queryKey: taxRateKeys.detail(id), queryFn: () => getTaxRate(id) });
}
