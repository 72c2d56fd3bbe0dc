import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { accountRoutes } from '../features/account/routes';
import { customerRecordRoutes } from '../features/customers/routes';
import { invoiceRoutes } from '../features/invoices/routes';
import { itemRoutes } from '../features/items/routes';
import { jobRoutes } from '../features/jobs/routes';
import { organisationRoutes } from '../features/organisations/routes';
import { outboxRoutes } from '../features/outbox/routes';
import { quoteRoutes } from '../features/quotes/routes';
import { receivablesRoutes } from '../features/receivables/routes';
import { salesRoutes } from '../features/sales/routes';
import { schedulerRoutes } from '../features/scheduler/routes';
import { settingsRoutes } from '../features/settings/routes';
import { taxRoutes } from '../features/taxes/routes';
import { invitationRoutes, teamRoutes } from '../features/team/routes';
import { technicianRoutes } from '../features/technicians/routes';
import { templateRoutes } from '../features/templates/routes';

/**
 * The routes of the features that the first screens (home, the customer list) do not show, loaded on demand (see
 * routes.tsx): those in the signed-in shell and those on their own (the invitation). Each feature contributes its
 * own route array; a new feature plugs in here. A feature whose loaders start queries takes the app's query client.
 */
export const featureRoutes = (
  queryClient: QueryClient,
): Record<'signedIn' | 'standalone', RouteObject[]> => ({
  signedIn: [
    ...accountRoutes,
    ...organisationRoutes,
    ...schedulerRoutes(queryClient),
    ...jobRoutes(queryClient),
    ...salesRoutes,
    ...invoiceRoutes(queryClient),
    ...quoteRoutes(queryClient),
    ...receivablesRoutes,
    ...customerRecordRoutes(queryClient),
    ...itemRoutes(queryClient),
    ...settingsRoutes,
    ...teamRoutes(queryClient),
    ...outboxRoutes(queryClient),
    ...taxRoutes(queryClient),
    ...technicianRoutes(queryClient),
    ...templateRoutes(queryClient),
  ],
  standalone: invitationRoutes(queryClient),
});
