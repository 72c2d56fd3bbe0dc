import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const itemRoutes: RouteObject[] = [
  {
    path: paths.items.root,
    lazy: async () => ({ Component: (await import('./item-search-page')).ItemSearchPage }),
  },
  {
    path: paths.items.new,
    lazy: async () => ({ Component: (await import('./new-item-page')).NewItemPage }),
  },
  {
    path: paths.items.view.pattern,
    lazy: async () => ({ Component: (await import('./item-view-page')).ItemViewPage }),
  },
  {
    path: paths.items.edit.pattern,
    lazy: async () => ({ Component: (await import('./edit-item-page')).EditItemPage }),
  },
];
