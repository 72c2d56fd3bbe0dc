import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const accountRoutes: RouteObject[] = [
  {
    path: paths.account.root,
    lazy: async () => ({ Component: (await import('./account-page')).AccountPage }),
  },
];
