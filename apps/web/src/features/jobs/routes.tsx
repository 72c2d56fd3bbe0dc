import { type RouteObject, redirect } from 'react-router';
import { paths } from '../../lib/paths';

export const jobRoutes: RouteObject[] = [
  {
    path: paths.jobs.root,
    loader: () => redirect(paths.jobs.search),
  },
  {
    path: paths.jobs.search,
    lazy: async () => ({ Component: (await import('./job-search-page')).JobSearchPage }),
  },
];
