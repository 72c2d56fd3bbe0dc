import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const salesRoutes: RouteObject[] = [
  {
    path: paths.sales.root,
    lazy: async () => ({ Component: (await import('./sales-page')).SalesPage }),
  },
];
