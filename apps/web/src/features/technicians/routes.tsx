import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { requiring } from '../../lib/screen-access';
import { technicianQueryOptions } from './api/get-technician';

/** The technician screens, under Settings; loaders start each page's query with its code download (as taxes). */
export function technicianRoutes(queryClient: QueryClient): RouteObject[] {
  return requiring({ capability: 'technicians', title: 'Technicians' }, [
    {
      path: paths.settings.technicians,
      lazy: async () => ({ Component: (await import('./technician-list-page')).TechnicianListPage }),
    },
    {
      path: paths.settings.newTechnician,
      lazy: async () => ({ Component: (await import('./technician-editor-pages')).NewTechnicianPage }),
    },
    {
      path: paths.settings.technician.pattern,
      // Re-evaluated on every visit.
      loader: ({ params: { id = '' } }) => startQuery(queryClient, technicianQueryOptions(id), FRESH),
      lazy: async () => ({ Component: (await import('./technician-view-page')).TechnicianViewPage }),
    },
    {
      path: paths.settings.editTechnician.pattern,
      loader: ({ params: { id = '' } }) => startQuery(queryClient, technicianQueryOptions(id)),
      lazy: async () => ({ Component: (await import('./technician-editor-pages')).EditTechnicianPage }),
    },
  ]);
}
