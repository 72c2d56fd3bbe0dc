import type { RouteObject } from 'react-router';
import { redirectRoute } from '../../components/redirect-route';
import { paths } from '../../lib/paths';

export const invoiceRoutes: RouteObject[] = [
  redirectRoute(paths.sales.invoices, paths.sales.invoicesSearch),
  {
    path: paths.sales.invoicesSearch,
    lazy: async () => ({ Component: (await import('./invoice-search-page')).InvoiceSearchPage }),
  },
];
