import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const taxRoutes: RouteObject[] = [
  {
    path: paths.settings.taxes,
    lazy: async () => ({ Component: (await import('./tax-list-page')).TaxListPage }),
  },
];
