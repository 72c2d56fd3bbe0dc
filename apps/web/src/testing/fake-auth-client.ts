import { type IdTokenClaims, User } from 'oidc-client-ts';
import { vi } from 'vitest';
import type { AuthClient, AuthSnapshot } from '../features/auth/auth-client';
import { idTokenClaims } from './fixtures';

export function userWithClaims(claims: IdTokenClaims = idTokenClaims()): User {
  return new User({ access_token: 'access-1', token_type: 'Bearer', profile: claims });
}

/** An AuthClient whose state a test sets directly; its actions are spies. */
export function fakeAuthClient(initial: AuthSnapshot = { status: 'loading', user: null, error: null }) {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  const setSnapshot = (next: AuthSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const client = {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Signing in leaves for the identity provider, so by default it never finishes.
    ensureSignedIn: vi.fn<AuthClient['ensureSignedIn']>(() => new Promise<void>(() => undefined)),
    completeSignIn: vi.fn<AuthClient['completeSignIn']>().mockResolvedValue('/'),
    signIn: vi.fn<AuthClient['signIn']>().mockResolvedValue(),
    signInPopup: vi.fn<AuthClient['signInPopup']>().mockResolvedValue(),
    switchTenant: vi.fn<AuthClient['switchTenant']>().mockResolvedValue(),
    refreshClaims: vi.fn<AuthClient['refreshClaims']>().mockResolvedValue(),
    signOut: vi.fn<AuthClient['signOut']>().mockResolvedValue(),
    getAccessToken: vi.fn<AuthClient['getAccessToken']>().mockResolvedValue('access-1'),
    renewAccessToken: vi.fn<AuthClient['renewAccessToken']>().mockResolvedValue(undefined),
  } satisfies AuthClient;
  return { client, setSnapshot };
}

export function signedIn(claims?: IdTokenClaims): AuthSnapshot {
  return { status: 'authenticated', user: userWithClaims(claims), error: null };
}
