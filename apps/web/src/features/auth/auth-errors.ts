import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';

/** The login client's messages (specification, section 8). */
export const authErrorMessages = {
  noQueryParams: 'There are no query params available for parsing.',
  invalidState: 'Invalid state',
  timeout: 'Sign-in timed out. Please try again.',
  offline: 'Fieldbook could not be reached to sign you in. Check your connection, then try again.',
  fallback: 'Sign-in failed.',
  signInToSend: 'Sign in again to send what is waiting. Nothing is lost: it stays on this device.',
  popupClosed:
    'The sign-in window was closed before you signed in. Nothing on this page is lost: Sign in to try again.',
  notThisOrganisation:
    'The person who signed in is not a member of this organisation. Sign in as one of its members to carry on: nothing on this page is lost.',
} as const;

/** The provider refused a sign-in into the organisation asked for: the person is not one of its members. */
export function isNotAMember(error: unknown): boolean {
  return error instanceof ErrorResponse && error.error === 'access_denied';
}

/** oidc-client-ts's words for a popup the browser would not open, and for one the user closed. */
const popupBlocked = 'Attempted to navigate on a disposed window';
const popupClosed = new Set(['Popup closed by user', 'Popup closed']);

/** The browser did not open the sign-in popup (a blocker, or a browser with no windows). */
export function isPopupBlocked(error: unknown): boolean {
  return error instanceof Error && error.message === popupBlocked;
}

// oidc-client-ts's wording for a callback whose state is absent or matches nothing stored.
const stateErrors = new Set(['No state in response', 'No matching state found in storage']);

/** A callback whose state is used up or unknown: opened again (Back, a bookmark) after its sign-in completed. */
export function isStateError(error: unknown): boolean {
  return error instanceof Error && stateErrors.has(error.message);
}

/** The identity provider needs the user to sign in interactively. */
export function isLoginRequired(error: unknown): boolean {
  return error instanceof ErrorResponse && error.error === 'login_required';
}

/**
 * A renewal the provider refused because the user must sign in again: the session ended (its time ran out, or the
 * user signed out elsewhere), so its refresh token is refused (`invalid_grant`), or a silent sign-in needs the
 * sign-in page (`login_required`).
 */
export function isSessionEnded(error: unknown): boolean {
  return isLoginRequired(error) || (error instanceof ErrorResponse && error.error === 'invalid_grant');
}

/** A sign-in that got no answer: no network, or the provider is down. */
export function isUnreachable(error: unknown): boolean {
  return (
    (error instanceof TypeError && /fetch|network/i.test(error.message)) ||
    (typeof navigator !== 'undefined' && navigator.onLine === false)
  );
}

/** Turns a sign-in failure into the message the user sees. */
export function describeAuthError(error: unknown): string {
  if (error instanceof ErrorTimeout) {
    return authErrorMessages.timeout;
  }
  if (error instanceof ErrorResponse) {
    return error.error_description || error.error || authErrorMessages.fallback;
  }
  // A request that got no answer (no network, the server down): fetch's own "Failed to fetch" says nothing useful.
  if (isUnreachable(error)) {
    return authErrorMessages.offline;
  }
  if (error instanceof Error && popupClosed.has(error.message)) {
    return authErrorMessages.popupClosed;
  }
  if (error instanceof Error) {
    return isStateError(error) ? authErrorMessages.invalidState : error.message || authErrorMessages.fallback;
  }
  return authErrorMessages.fallback;
}
