import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { jobQueryOptions } from './api/get-job';

/**
 * A job's viewer: a first screen (a Technician's visit, opened from a link or Today), so its route is in the first
 * download (`app/routes.tsx`); its loader starts the job's read, afresh on every visit, while the page's code
 * downloads. The other job screens' routes are in `routes.tsx`.
 */
export function jobViewRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.jobs.view.pattern,
      loader: ({ params: { id = '' } }) => startQuery(queryClient, jobQueryOptions(id), FRESH),
      lazy: async () => ({ Component: (await import('./job-view-page')).JobViewPage }),
    },
  ];
}
