import type { QueryClient } from '@tanstack/react-query';
import { jobRoutes } from '../features/jobs/routes';
import { jobViewRoutes } from '../features/jobs/view-routes';

/** Every job screen, its viewer's route (in the app's first download) among them. */
export const allJobRoutes = (queryClient: QueryClient) => [
  ...jobViewRoutes(queryClient),
  ...jobRoutes(queryClient),
];
