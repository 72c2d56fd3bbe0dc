import type { QueryClient } from '@tanstack/react-query';
import { Outlet, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { PageNotFound } from '../components/page-not-found';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { ServiceUnavailable } from '../components/service-unavailable';
import { SignedOutPage } from '../components/signed-out-page';
import type { AuthClient } from '../features/auth/auth-client';
import { requireSignIn } from '../features/auth/require-sign-in';
import { authRoutes } from '../features/auth/routes';
import { customerListRoutes } from '../features/customers/list-routes';
import { homeRoutes } from '../features/home/routes';
import { jobViewRoutes } from '../features/jobs/view-routes';
import { todayRoutes } from '../features/today/routes';
import { paths } from '../lib/paths';
import { ProtectedLayout } from './protected-layout';
import { StandaloneLayout } from './standalone-layout';

/** A job's viewer: `/jobs/` and a UUID, nothing after it. */
const JOB_VIEW = /^\/jobs\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/?$/i;

/** The layouts whose children the other features' routes join when they arrive. */
const SIGNED_IN = 'signed-in';
const STANDALONE = 'standalone';

interface AppRouteDependencies {
  auth: AuthClient;
  /** The one query client of the app: the loaders fill the cache that the pages read. */
  queryClient: QueryClient;
}

interface AppRoutes {
  routes: RouteObject[];
  /** For the router: adds the other features' routes when a path needs them. */
  patchRoutesOnNavigation: PatchRoutesOnNavigationFunction;
}

/**
 * The first download holds the routes of the first screens only: home, the customer list, a Technician's day and
 * a job's viewer (a Technician's visit). The other features'
 * routes, with their loaders and the queries these start, come the first time a path matches nothing else
 * (`feature-routes.ts`, one small file); then that page's loader and code start together as before.
 */
export function createRoutes({ auth, queryClient }: AppRouteDependencies): AppRoutes {
  const routes: RouteObject[] = [
    {
      path: paths.home,
      // While the first page's routes arrive, the root is all that matches: it draws the fallback, then its page.
      Component: Outlet,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorBoundary,
      children: [
        ...authRoutes(auth),
        {
          // Every known page requires sign-in; the middleware runs before any of their loaders.
          id: SIGNED_IN,
          middleware: [requireSignIn(auth)],
          Component: ProtectedLayout,
          children: [
            ...homeRoutes,
            ...customerListRoutes,
            ...todayRoutes(queryClient),
            ...jobViewRoutes(queryClient),
            { path: paths.errors.serviceUnavailable, Component: ServiceUnavailable },
          ],
        },
        {
          // Signed in, but no organisation needed: a new user opens their invitation before belonging to one.
          id: STANDALONE,
          middleware: [requireSignIn(auth)],
          Component: StandaloneLayout,
          children: [],
        },
        {
          path: paths.signedOut,
          element: <SignedOutPage onSignIn={() => void auth.signIn(paths.home)} />,
        },
        { path: '*', Component: PageNotFound },
      ],
    },
  ];
  // The router asks only for a path that nothing but 'Page not found' (a splat) or a route with a parameter matches:
  // such a path may be another feature's. A job's viewer (`/jobs/{id}`, a parameter) is the one first-download route
  // with a parameter: its ids are UUIDs, which no other route's fixed path is, so a visit opened from a link
  // downloads none of the other features' routes.
  const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
    if (JOB_VIEW.test(path)) return;
    const { featureRoutes } = await import('./feature-routes');
    const { signedIn, standalone } = featureRoutes(queryClient);
    // Patching again (the next unknown path) adds nothing: the router leaves out the routes it has.
    patch(SIGNED_IN, signedIn);
    patch(STANDALONE, standalone);
  };
  return { routes, patchRoutesOnNavigation };
}
