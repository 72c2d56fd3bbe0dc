import { type RouteObject, redirect } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { paths } from '../../lib/paths';

export const jobRoutes: RouteObject[] = [
  {
    path: paths.jobs.root,
    loader: () => redirect(paths.jobs.search),
    // Never seen: the loader redirects before anything renders.
    Component: FullPageLoader,
  },
  {
    path: paths.jobs.search,
    lazy: async () => ({ Component: (await import('./job-search-page')).JobSearchPage }),
  },
];
