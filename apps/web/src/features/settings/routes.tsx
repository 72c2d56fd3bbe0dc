import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const settingsRoutes: RouteObject[] = [
  {
    path: paths.settings.root,
    lazy: async () => ({ Component: (await import('./settings-page')).SettingsPage }),
  },
  {
    path: paths.settings.organisation,
    lazy: async () => ({
      Component: (await import('./organisation-settings-page')).OrganisationSettingsPage,
    }),
  },
];
