import { type RouteObject, redirect } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { paths } from '../../lib/paths';

export const invoiceRoutes: RouteObject[] = [
  {
    path: paths.sales.invoices,
    loader: () => redirect(paths.sales.invoicesSearch),
    // Never seen: the loader redirects before anything renders.
    Component: FullPageLoader,
  },
  {
    path: paths.sales.invoicesSearch,
    lazy: async () => ({ Component: (await import('./invoice-search-page')).InvoiceSearchPage }),
  },
];
