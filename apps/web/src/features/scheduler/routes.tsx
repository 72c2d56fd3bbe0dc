import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { technicianChoicesQueryOptions } from '../technicians';
import { readyJobsQueryOptions } from './api/board-jobs';

/** The scheduler: a lazy chunk (the calendar's weight is not in the first download), re-evaluated on every visit. */
export function schedulerRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: paths.scheduler,
      loader: () => {
        startQuery(queryClient, readyJobsQueryOptions(), FRESH);
        return startQuery(queryClient, technicianChoicesQueryOptions(), FRESH);
      },
      lazy: async () => ({ Component: (await import('./scheduler-page')).SchedulerPage }),
    },
  ];
}
