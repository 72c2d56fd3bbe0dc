import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { requiring } from '../../lib/screen-access';

export const salesRoutes: RouteObject[] = requiring({ capability: 'invoices', title: 'Sales' }, [
  {
    path: paths.sales.root,
    lazy: async () => ({ Component: (await import('./sales-page')).SalesPage }),
  },
]);
