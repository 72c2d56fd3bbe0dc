import type { RouteObject } from 'react-router';
import { redirectRoute } from '../../components/redirect-route';
import { paths } from '../../lib/paths';
import { requiring } from '../../lib/screen-access';

/**
 * The customer list: a first screen, so its routes are in the first download (`app/routes.tsx`); the others
 * (`routes.tsx`: a new customer, a customer and their locations) load on demand.
 */
export const customerListRoutes: RouteObject[] = [
  // The old address sends every role on: the list's screen is the one that needs the role.
  redirectRoute(paths.customers.root, paths.customers.search),
  ...requiring({ capability: 'customers', title: 'Customers' }, [
    {
      path: paths.customers.search,
      lazy: async () => ({ Component: (await import('./customer-search-page')).CustomerSearchPage }),
    },
  ]),
];
