import { type RouteObject, redirect } from 'react-router';
import { paths } from '../../lib/paths';

export const customerRoutes: RouteObject[] = [
  {
    path: paths.customers.root,
    loader: () => redirect(paths.customers.search),
  },
  {
    path: paths.customers.search,
    lazy: async () => ({ Component: (await import('./customer-search-page')).CustomerSearchPage }),
  },
];
