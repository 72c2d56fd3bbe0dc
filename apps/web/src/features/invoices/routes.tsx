import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { redirectRoute } from '../../components/redirect-route';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { invoiceQueryOptions } from './api/get-invoice';
import { invoiceEmailsQueryOptions } from './api/get-invoice-emails';
import { invoicePaymentsQueryOptions } from './api/get-invoice-payments';

/** The invoice screens; loaders start each page's query with its code download (see customers/routes.tsx). */
export function invoiceRoutes(queryClient: QueryClient): RouteObject[] {
  // The old address sends every role on: the list's screen is the one that needs the role.
  return [
    redirectRoute(paths.sales.invoices, paths.sales.invoicesSearch),
    ...requiring({ capability: 'invoices', title: 'Invoices' }, [
      {
        path: paths.sales.invoicesSearch,
        lazy: async () => ({ Component: (await import('./invoice-search-page')).InvoiceSearchPage }),
      },
      {
        path: paths.sales.newInvoice,
        lazy: async () => ({ Component: (await import('./invoice-editor-pages')).NewInvoicePage }),
      },
      {
        path: paths.sales.invoice.pattern,
        // Re-evaluated on every visit: the invoice, its payments and its emails.
        loader: ({ params: { id = '' } }) => {
          startQuery(queryClient, invoiceQueryOptions(id), FRESH);
          startQuery(queryClient, invoicePaymentsQueryOptions(id), FRESH);
          return startQuery(queryClient, invoiceEmailsQueryOptions(id), FRESH);
        },
        lazy: async () => ({ Component: (await import('./invoice-view-page')).InvoiceViewPage }),
      },
      {
        path: paths.sales.editInvoice.pattern,
        loader: ({ params: { id = '' } }) => startQuery(queryClient, invoiceQueryOptions(id)),
        lazy: async () => ({ Component: (await import('./invoice-editor-pages')).EditInvoicePage }),
      },
    ]),
  ];
}
