import type { RouteObject } from 'react-router';
import { redirectRoute } from '../../components/redirect-route';
import { paths } from '../../lib/paths';

export const jobRoutes: RouteObject[] = [
  redirectRoute(paths.jobs.root, paths.jobs.search),
  {
    path: paths.jobs.search,
    lazy: async () => ({ Component: (await import('./job-search-page')).JobSearchPage }),
  },
];
