import { type RouteObject, redirect } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { paths } from '../../lib/paths';
import type { AuthClient } from './auth-client';

/** The redirect-login callback. The silent and popup callbacks never reach the router (see main.tsx). */
export function authRoutes(auth: Pick<AuthClient, 'completeSignIn'>): RouteObject[] {
  return [
    {
      path: paths.auth.callback,
      loader: async ({ request }) => redirect(await auth.completeSignIn(request.url)),
      Component: FullPageLoader,
    },
  ];
}
