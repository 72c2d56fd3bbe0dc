import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { requiring } from '../../lib/screen-access';

export const settingsRoutes: RouteObject[] = [
  {
    path: paths.settings.root,
    lazy: async () => ({ Component: (await import('./settings-page')).SettingsPage }),
  },
  ...requiring({ capability: 'organisation', title: 'Organisation details' }, [
    {
      path: paths.settings.organisation,
      lazy: async () => ({
        Component: (await import('./organisation-settings-page')).OrganisationSettingsPage,
      }),
    },
  ]),
  ...requiring({ capability: 'exports', title: 'Accounting export' }, [
    {
      path: paths.settings.accountingExport,
      lazy: async () => ({ Component: (await import('./accounting-export-page')).AccountingExportPage }),
    },
  ]),
];
