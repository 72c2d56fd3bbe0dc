import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { itemQueryOptions } from './api/get-item';

/** The item screens; loaders start each page's query with its code download (see customers/routes.tsx). */
export function itemRoutes(queryClient: QueryClient): RouteObject[] {
  return requiring({ capability: 'items', title: 'Items' }, [
    {
      path: paths.items.root,
      lazy: async () => ({ Component: (await import('./item-search-page')).ItemSearchPage }),
    },
    {
      path: paths.items.new,
      lazy: async () => ({ Component: (await import('./item-editor-pages')).NewItemPage }),
    },
    {
      path: paths.items.view.pattern,
      // Re-evaluated on every visit.
      loader: ({ params: { id = '' } }) => startQuery(queryClient, itemQueryOptions(id), FRESH),
      lazy: async () => ({ Component: (await import('./item-view-page')).ItemViewPage }),
    },
    {
      path: paths.items.edit.pattern,
      loader: ({ params: { id = '' } }) => startQuery(queryClient, itemQueryOptions(id)),
      lazy: async () => ({ Component: (await import('./item-editor-pages')).EditItemPage }),
    },
  ]);
}
