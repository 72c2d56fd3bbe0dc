import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { redirectRoute } from '../../components/redirect-route';
import { paths } from '../../lib/paths';
import { startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { jobQueryOptions } from './api/get-job';

/**
 * The job screens but the viewer (`view-routes.tsx`, in the first download); loaders start each page's query with
 * its code download (see customers/routes.tsx).
 */
export function jobRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    redirectRoute(paths.jobs.root, paths.jobs.search),
    {
      path: paths.jobs.search,
      lazy: async () => ({ Component: (await import('./job-search-page')).JobSearchPage }),
    },
    ...requiring({ capability: 'manageJobs', title: 'New job' }, [
      {
        path: paths.jobs.new,
        lazy: async () => ({ Component: (await import('./job-editor-pages')).NewJobPage }),
      },
    ]),
    {
      path: paths.jobs.edit.pattern,
      loader: ({ params: { id = '' } }) => startQuery(queryClient, jobQueryOptions(id)),
      lazy: async () => ({ Component: (await import('./job-editor-pages')).EditJobPage }),
    },
  ];
}
