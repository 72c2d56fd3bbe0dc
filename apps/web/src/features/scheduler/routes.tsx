import { calendarDateIn } from '@fieldbook/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { lastTimeZone } from '../../lib/time-zone';
import {
  boardTechniciansQueryOptions,
  readyJobsQueryOptions,
  scheduledJobsQueryOptions,
} from './api/board-jobs';
import { rangeFromSearch } from './board-range';

/**
 * The scheduler: a lazy chunk (the calendar's weight is not in the first download), re-evaluated on every visit. Its
 * loader starts all three of the board's loads (the days in its address) while the chunk downloads.
 */
export function schedulerRoutes(queryClient: QueryClient): RouteObject[] {
  return requiring({ capability: 'scheduler', title: 'Scheduler' }, [
    {
      path: paths.scheduler,
      loader: ({ request }) => {
        const timeZone = lastTimeZone();
        const range = rangeFromSearch(new URL(request.url).searchParams, calendarDateIn(timeZone));
        startQuery(queryClient, readyJobsQueryOptions(), FRESH);
        startQuery(queryClient, scheduledJobsQueryOptions(timeZone, range), FRESH);
        return startQuery(queryClient, boardTechniciansQueryOptions(), FRESH);
      },
      lazy: async () => ({ Component: (await import('./scheduler-page')).SchedulerPage }),
    },
  ]);
}
