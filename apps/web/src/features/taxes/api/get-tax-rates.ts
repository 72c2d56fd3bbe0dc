import type { TaxRate } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { taxRateKeys } from './tax-rate-keys';

/** GET /tax-rates?q&p&s: one page of the tax rates, by name, and the total. */
export function getTaxRates(params: ListParams): Promise<ListPage<TaxRate>> {
  return apiFetchList<TaxRate>(listRequestPath('/tax-rates', params));
}

/** Re-evaluated on every navigation (stale at once). */
export function taxRatesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: taxRateKeys.list(params),
    queryFn: () => getTaxRates(params),
    staleTime: 0,
  });
}

/** An invoice line's rate is chosen from up to this many (an organisation has a handful). */
const TAX_RATE_CHOICES = 100;

/** The organisation's tax rates, by name, as an invoice line's choices. */
export const taxRateChoicesQueryOptions = () => taxRatesQueryOptions({ q: '*', p: 1, s: TAX_RATE_CHOICES });
