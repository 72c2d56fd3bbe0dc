import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { taxRateQueryOptions } from './api/get-tax-rate';

/** The tax screens, under Settings; loaders start each page's query with its code download (see items). */
export function taxRoutes(queryClient: QueryClient): RouteObject[] {
  return requiring({ capability: 'taxes', title: 'Taxes' }, [
    {
      path: paths.settings.taxes,
      lazy: async () => ({ Component: (await import('./tax-list-page')).TaxListPage }),
    },
    {
      path: paths.settings.newTax,
      lazy: async () => ({ Component: (await import('./tax-editor-pages')).NewTaxPage }),
    },
    {
      path: paths.settings.tax.pattern,
      // Re-evaluated on every visit.
      loader: ({ params: { id = '' } }) => startQuery(queryClient, taxRateQueryOptions(id), FRESH),
      lazy: async () => ({ Component: (await import('./tax-view-page')).TaxViewPage }),
    },
    {
      path: paths.settings.editTax.pattern,
      loader: ({ params: { id = '' } }) => startQuery(queryClient, taxRateQueryOptions(id)),
      lazy: async () => ({ Component: (await import('./tax-editor-pages')).EditTaxPage }),
    },
  ]);
}
