import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const schedulerRoutes: RouteObject[] = [
  {
    path: paths.scheduler,
    lazy: async () => ({ Component: (await import('./scheduler-page')).SchedulerPage }),
  },
];
