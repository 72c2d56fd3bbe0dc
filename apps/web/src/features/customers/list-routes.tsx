import type { RouteObject } from 'react-router';
import { redirectRoute } from '../../components/redirect-route';
import { paths } from '../../lib/paths';

/**
 * The customer list and the new customer's form: the list is a first screen, so these routes are in the first
 * download (`app/routes.tsx`); a customer's own screens (`routes.tsx`) load on demand.
 */
export const customerListRoutes: RouteObject[] = [
  redirectRoute(paths.customers.root, paths.customers.search),
  {
    path: paths.customers.search,
    lazy: async () => ({ Component: (await import('./customer-search-page')).CustomerSearchPage }),
  },
  {
    path: paths.customers.new,
    lazy: async () => ({ Component: (await import('./customer-editor-pages')).NewCustomerPage }),
  },
];
