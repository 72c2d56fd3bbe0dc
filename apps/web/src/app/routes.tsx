import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { PageNotFound } from '../components/page-not-found';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { ServiceUnavailable } from '../components/service-unavailable';
import { SignedOutPage } from '../components/signed-out-page';
import { accountRoutes } from '../features/account/routes';
import type { AuthClient } from '../features/auth/auth-client';
import { requireSignIn } from '../features/auth/require-sign-in';
import { authRoutes } from '../features/auth/routes';
import { customerRoutes } from '../features/customers/routes';
import { homeRoutes } from '../features/home/routes';
import { invoiceRoutes } from '../features/invoices/routes';
import { itemRoutes } from '../features/items/routes';
import { jobRoutes } from '../features/jobs/routes';
import { organisationRoutes } from '../features/organisations/routes';
import { outboxRoutes } from '../features/outbox/routes';
import { salesRoutes } from '../features/sales/routes';
import { schedulerRoutes } from '../features/scheduler/routes';
import { settingsRoutes } from '../features/settings/routes';
import { taxRoutes } from '../features/taxes/routes';
import { invitationRoutes, teamRoutes } from '../features/team/routes';
import { technicianRoutes } from '../features/technicians/routes';
import { templateRoutes } from '../features/templates/routes';
import { paths } from '../lib/paths';
import { ProtectedLayout } from './protected-layout';
import { StandaloneLayout } from './standalone-layout';

/**
 * Each feature contributes its own route array; a new feature plugs in here. A feature whose loaders start
 * queries takes the app's query client.
 */
const featureRoutes = (queryClient: QueryClient): RouteObject[] => [
  ...homeRoutes,
  ...accountRoutes,
  ...organisationRoutes,
  ...schedulerRoutes(queryClient),
  ...jobRoutes(queryClient),
  ...salesRoutes,
  ...invoiceRoutes(queryClient),
  ...customerRoutes(queryClient),
  ...itemRoutes(queryClient),
  ...settingsRoutes,
  ...teamRoutes(queryClient),
  ...outboxRoutes(queryClient),
  ...taxRoutes(queryClient),
  ...technicianRoutes(queryClient),
  ...templateRoutes(queryClient),
  { path: paths.errors.serviceUnavailable, Component: ServiceUnavailable },
];

interface AppRouteDependencies {
  auth: AuthClient;
  /** The one query client of the app: the loaders fill the cache that the pages read. */
  queryClient: QueryClient;
}

export function createRoutes({ auth, queryClient }: AppRouteDependencies): RouteObject[] {
  return [
    {
      path: paths.home,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        ...authRoutes(auth),
        {
          // Every known page requires sign-in; the middleware runs before any of their loaders.
          middleware: [requireSignIn(auth)],
          Component: ProtectedLayout,
          children: featureRoutes(queryClient),
        },
        {
          // Signed in, but no organisation needed: a new user opens their invitation before belonging to one.
          middleware: [requireSignIn(auth)],
          Component: StandaloneLayout,
          children: invitationRoutes(queryClient),
        },
        {
          path: paths.signedOut,
          element: <SignedOutPage onSignIn={() => void auth.signIn(paths.home)} />,
        },
        { path: '*', Component: PageNotFound },
      ],
    },
  ];
}
