import type { MiddlewareFunction } from 'react-router';
import type { AuthClient } from './auth-client';

/**
 * Route middleware for every guarded route: runs before their loaders, so no page or API call
 * starts until the user is signed in. An unknown path never reaches it.
 */
export function requireSignIn(auth: Pick<AuthClient, 'ensureSignedIn'>): MiddlewareFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    await auth.ensureSignedIn(`${url.pathname}${url.search}${url.hash}`);
  };
}
