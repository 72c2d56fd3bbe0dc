import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { requiring } from '../../lib/screen-access';

/**
 * The aged receivables report (Owners and Office). No loader, as a list: its query (which Home reads too, and so must
 * stay out of the other features' routes chunk that Home does not download) is read afresh when the page shows.
 */
export const receivablesRoutes: RouteObject[] = requiring(
  { capability: 'receivables', title: 'Aged receivables' },
  [
    {
      path: paths.reports.receivables,
      lazy: async () => ({ Component: (await import('./receivables-page')).ReceivablesPage }),
    },
  ],
);
