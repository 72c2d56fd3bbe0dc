import { type RouteObject, redirect } from 'react-router';
import { paths } from '../../lib/paths';

export const invoiceRoutes: RouteObject[] = [
  {
    path: paths.sales.invoices,
    loader: () => redirect(paths.sales.invoicesSearch),
  },
  {
    path: paths.sales.invoicesSearch,
    lazy: async () => ({ Component: (await import('./invoice-search-page')).InvoiceSearchPage }),
  },
];
