import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { todayQueryOptions } from './api/get-today';

/**
 * A technician's day: a first screen (a Technician's home), so its route is in the first download (`app/routes.tsx`);
 * its loader starts the day's read while the page's code downloads.
 */
export function todayRoutes(queryClient: QueryClient): RouteObject[] {
  return requiring({ capability: 'today', title: 'Today' }, [
    {
      path: paths.today,
      loader: ({ request }) => {
        const search = new URL(request.url).searchParams;
        const day = {
          date: search.get('date') ?? undefined,
          technician: search.get('technician') ?? undefined,
        };
        return startQuery(queryClient, todayQueryOptions(day), FRESH);
      },
      lazy: async () => ({ Component: (await import('./today-page')).TodayPage }),
    },
  ]);
}
