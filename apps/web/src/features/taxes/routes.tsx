import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * The tax screens, under Settings. No loaders yet: the app composes this as an array, without the query client
 * a loader's `startQuery` needs, so each page starts its own query once its code is in.
 */
export const taxRoutes: RouteObject[] = [
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
    lazy: async () => ({ Component: (await import('./tax-view-page')).TaxViewPage }),
  },
  {
    path: paths.settings.editTax.pattern,
    lazy: async () => ({ Component: (await import('./tax-editor-pages')).EditTaxPage }),
  },
];
