import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const organisationRoutes: RouteObject[] = [
  {
    path: paths.account.organisations,
    lazy: async () => ({ Component: (await import('./organisations-page')).OrganisationsPage }),
  },
];
