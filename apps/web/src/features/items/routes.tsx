import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const itemRoutes: RouteObject[] = [
  {
    path: paths.items.root,
    lazy: async () => ({ Component: (await import('./item-search-page')).ItemSearchPage }),
  },
];
