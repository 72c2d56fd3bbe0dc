import { type RouteObject, redirect } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { paths } from '../../lib/paths';

export const customerRoutes: RouteObject[] = [
  {
    path: paths.customers.root,
    loader: () => redirect(paths.customers.search),
    // Never seen: the loader redirects before anything renders.
    Component: FullPageLoader,
  },
  {
    path: paths.customers.search,
    lazy: async () => ({ Component: (await import('./customer-search-page')).CustomerSearchPage }),
  },
  {
    path: paths.customers.new,
    lazy: async () => ({ Component: (await import('./new-customer-page')).NewCustomerPage }),
  },
  {
    path: paths.customers.view.pattern,
    lazy: async () => ({ Component: (await import('./customer-view-page')).CustomerViewPage }),
  },
  {
    path: paths.customers.edit.pattern,
    lazy: async () => ({ Component: (await import('./edit-customer-page')).EditCustomerPage }),
  },
  {
    path: paths.customers.newLocation.pattern,
    lazy: async () => ({ Component: (await import('./new-location-page')).NewLocationPage }),
  },
];
