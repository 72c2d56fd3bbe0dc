import type { AuthClient } from '../features/auth/auth-client';

const SWITCHING_TO = 'fieldbook.switchingTo';
const SIGNING_OUT = 'fieldbook.signingOut';
/** A sign-out comes back from the identity provider within seconds; a mark older than this is stale. */
const SIGN_OUT_RETURN_MS = 2 * 60_000;

/**
 * The auth client, remembering in this tab a switch of organisation and a sign-out. Both leave the app for the
 * identity provider and come back as a fresh page, which then says what happened ("Now working in …", "You
 * have signed out"). The marks are ids and times, not secrets.
 */
export function rememberingSessionChanges(
  auth: AuthClient,
  storage: Storage = window.sessionStorage,
  now: () => number = Date.now,
): AuthClient {
  return {
    ...auth,
    switchTenant(tenantId) {
      storage.setItem(SWITCHING_TO, tenantId);
      return auth.switchTenant(tenantId);
    },
    signOut() {
      storage.setItem(SIGNING_OUT, String(now()));
      return auth.signOut();
    },
  };
}

/** The organisation a switch asked for, once (the mark is removed). */
export function takeSwitchedTenant(storage: Storage = window.sessionStorage): string | undefined {
  const tenantId = storage.getItem(SWITCHING_TO) ?? undefined;
  storage.removeItem(SWITCHING_TO);
  return tenantId;
}

/** Whether this page is the return from signing out (the mark stays: `takeSignedOut` removes it). */
export function returningFromSignOut(
  storage: Storage = window.sessionStorage,
  now: () => number = Date.now,
): boolean {
  const askedAt = Number(storage.getItem(SIGNING_OUT));
  return askedAt > 0 && now() - askedAt < SIGN_OUT_RETURN_MS;
}

/** Whether this page is the return from signing out, once (the mark is removed). */
export function takeSignedOut(
  storage: Storage = window.sessionStorage,
  now: () => number = Date.now,
): boolean {
  const returning = returningFromSignOut(storage, now);
  storage.removeItem(SIGNING_OUT);
  return returning;
}
