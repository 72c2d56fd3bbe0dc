import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { customerInvoicesQueryOptions } from '../invoices';
import { customerJobsQueryOptions } from '../jobs';
import { customerQuotesQueryOptions } from '../quotes';
import { customerQueryOptions } from './api/get-customer';
import { customerLocationsQueryOptions } from './api/get-customer-locations';
import { locationQueryOptions } from './api/get-location';
import { customerListRoutes } from './list-routes';

/**
 * The new customer's form, a customer's screens and those of their locations: loaded on demand, apart from the list
 * (`list-routes.tsx`).
 * Loaders start each page's queries with its code download; the pages read the same query options (they show the
 * spinner and any error themselves).
 */
export function customerRecordRoutes(queryClient: QueryClient): RouteObject[] {
  return requiring({ capability: 'customers', title: 'Customers' }, [
    {
      path: paths.customers.new,
      lazy: async () => ({ Component: (await import('./customer-editor-pages')).NewCustomerPage }),
    },
    {
      path: paths.customers.view.pattern,
      // Re-evaluated on every visit: the customer, its locations, jobs, invoices and quotes, fetched afresh, together.
      loader: ({ params: { id = '' } }) => {
        startQuery(queryClient, customerQueryOptions(id), FRESH);
        startQuery(queryClient, customerLocationsQueryOptions(id), FRESH);
        startQuery(queryClient, customerJobsQueryOptions(id), FRESH);
        startQuery(queryClient, customerInvoicesQueryOptions(id), FRESH);
        startQuery(queryClient, customerQuotesQueryOptions(id), FRESH);
        return null;
      },
      lazy: async () => ({ Component: (await import('./customer-view-page')).CustomerViewPage }),
    },
    {
      path: paths.customers.edit.pattern,
      loader: ({ params: { id = '' } }) => startQuery(queryClient, customerQueryOptions(id)),
      lazy: async () => ({ Component: (await import('./customer-editor-pages')).EditCustomerPage }),
    },
    {
      path: paths.customers.newLocation.pattern,
      loader: ({ params: { customerId = '' } }) => startQuery(queryClient, customerQueryOptions(customerId)),
      lazy: async () => ({ Component: (await import('./location-editor-pages')).NewLocationPage }),
    },
    {
      path: paths.locations.view.pattern,
      loader: ({ params: { id = '' } }) => startQuery(queryClient, locationQueryOptions(id), FRESH),
      lazy: async () => ({ Component: (await import('./location-view-page')).LocationViewPage }),
    },
    {
      path: paths.locations.edit.pattern,
      loader: ({ params: { id = '' } }) => startQuery(queryClient, locationQueryOptions(id)),
      lazy: async () => ({ Component: (await import('./location-editor-pages')).EditLocationPage }),
    },
  ]);
}

/** Every customer screen: the list's and the records'. */
export const customerRoutes = (queryClient: QueryClient): RouteObject[] => [
  ...customerListRoutes,
  ...customerRecordRoutes(queryClient),
];
