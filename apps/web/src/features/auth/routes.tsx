import { type RouteObject, replace } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { paths } from '../../lib/paths';
import type { AuthClient } from './auth-client';

/**
 * The redirect-login callback. It replaces its own entry in the history with where the sign-in goes, so Back does
 * not open it again. The silent and popup callbacks never reach the router (see main.tsx).
 */
export function authRoutes(auth: Pick<AuthClient, 'completeSignIn'>): RouteObject[] {
  return [
    {
      path: paths.auth.callback,
      loader: async ({ request }) => replace(await auth.completeSignIn(request.url)),
      Component: FullPageLoader,
    },
  ];
}
