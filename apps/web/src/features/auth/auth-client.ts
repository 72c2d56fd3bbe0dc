import {
  ErrorTimeout,
  type IdTokenClaims,
  type SigninRedirectArgs,
  type SigninSilentArgs,
  User,
  type UserManager,
} from 'oidc-client-ts';
import { SignInNeededError } from '../../lib/api-client';
import {
  authErrorMessages,
  describeAuthError,
  isLoginRequired,
  isNotAMember,
  isPopupBlocked,
  isSessionEnded,
  isStateError,
  isUnreachable,
} from './auth-errors';
import { sessionHint } from './session-hint';
import { tenantMemory } from './tenant-memory';

/**
 * `offline`: no token, the user's name and organisations shown, and no read goes out (the layout holds them back):
 * the identity provider could not be reached at start and the device keeps the last user's week
 * (`features/offline`), and the app signs in when the network returns; or, with `error`, the provider wants the
 * user to sign in again (at start back online, or when the session ended with the app open) and the banner asks.
 */
export type AuthStatus = 'loading' | 'authenticated' | 'offline' | 'error';

export interface AuthSnapshot {
  readonly status: AuthStatus;
  readonly user: User | null;
  /** The message shown to the user when status is 'error'. */
  readonly error: string | null;
}

/** The parts of oidc-client-ts's UserManager the app uses (tests pass a fake). */
export type AuthUserManager = Pick<
  UserManager,
  | 'getUser'
  | 'removeUser'
  | 'signinSilent'
  | 'signinRedirect'
  | 'signinRedirectCallback'
  | 'signinPopup'
  | 'signoutRedirect'
  | 'settings'
> & {
  events: Pick<UserManager['events'], 'addUserLoaded' | 'addUserUnloaded' | 'addSilentRenewError'>;
};

export interface AuthClientOptions {
  /** Namespace of the tenant claims, to remember the tenant a sign-in chose. */
  claimNamespace?: string;
  /** Where the user lands after a failed sign-in callback (default '/'). */
  authErrorPath?: string | undefined;
  popupTimeoutMs?: number;
  /**
   * With no network at start: the claims of the user whose copy the device keeps, or null when there is none
   * (then the start fails as any sign-in with no network does).
   */
  offlineUser?: () => Promise<Record<string, unknown> | null>;
  /** At sign-out, before the provider is told: what the device keeps of the user is deleted. */
  forgetDevice?: () => Promise<void>;
}

/** The sign-in state machine, outside React so the router's middleware and loaders can use it. */
export interface AuthClient {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): () => void;
  /** Resolves once signed in (restoring the session silently), or starts a redirect login and never resolves. */
  ensureSignedIn(returnTo: string): Promise<void>;
  /** Finishes a redirect login; returns the path to go to next. */
  completeSignIn(callbackUrl: string): Promise<string>;
  signIn(returnTo: string): Promise<void>;
  /**
   * Signs in again in a popup, the page staying as it is (a form half filled in keeps its text): after the session
   * ended with the app open. Someone else signing in there reloads the app at `returnTo`; a popup the browser would
   * not open falls back to the redirect. A failure (the popup closed, timed out) keeps the session's state as it
   * was and throws the message to show.
   */
  signInPopup(returnTo: string): Promise<void>;
  switchTenant(tenantId: string): Promise<void>;
  /**
   * Signs in again silently in the same tenant, so the claims (the organisations' names) are fresh after a rename.
   * Keeps the session it has when that fails: the new names then show at the next sign-in.
   */
  refreshClaims(): Promise<void>;
  signOut(): Promise<void>;
  /** The token to send; throws `SignInNeededError` while the user must sign in again. */
  getAccessToken(): Promise<string | undefined>;
  /** After the server refused `refused` (401): a renewed token, or undefined (`ApiClientSettings`). */
  renewAccessToken(refused: string): Promise<string | undefined>;
}

/** Long enough to type a password (and a second factor) on a phone; closing the popup ends it at once. */
const popupTimeoutMs = 5 * 60_000;
const browserIsLeaving = () => new Promise<never>(() => undefined);

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeReturnPath(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || /^\/[/\\]/.test(target)) {
    return '/';
  }
  return target.startsWith('/auth/') ? '/' : target;
}

export function createAuthClient(userManager: AuthUserManager, options: AuthClientOptions = {}): AuthClient {
  const errorPath = options.authErrorPath ?? '/';
  const listeners = new Set<() => void>();
  let snapshot: AuthSnapshot = { status: 'loading', user: null, error: null };
  let silentSignIn: Promise<void> | null = null;

  /** The organisation a sign-in is in (its tenant claim). */
  const tenantOf = (profile: Record<string, unknown>): string | undefined => {
    const tenantId = options.claimNamespace ? profile[`${options.claimNamespace}tenantId`] : undefined;
    return typeof tenantId === 'string' ? tenantId : undefined;
  };
  const update = (next: AuthSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const authenticated = (user: User) => {
    const tenantId = tenantOf(user.profile);
    if (tenantId !== undefined) {
      tenantMemory.remember(tenantId);
    }
    sessionHint.set();
    update({ status: 'authenticated', user, error: null });
  };
  const failed = (error: unknown) => update({ status: 'error', user: null, error: describeAuthError(error) });

  /** The silent renewal under way for requests whose token expired or was refused (`renewExpired`). */
  let renewing: Promise<string | undefined> | null = null;

  userManager.events.addUserLoaded(authenticated);
  userManager.events.addUserUnloaded(() => update({ status: 'loading', user: null, error: null }));
  userManager.events.addSilentRenewError(async (error) => {
    // The provider's session has ended: the user signs in again when they choose (a renewal of ours running
    // meanwhile decides for itself: one of two renewals may meet the refresh token the other used).
    if (isSessionEnded(error) && !renewing && snapshot.status === 'authenticated') {
      askToSignIn(await userManager.getUser());
    }
  });

  /**
   * The session ended while the app is open (perhaps while the device was offline past its life): the screen stays
   * as it is (a form being filled in keeps its text) with the user's name and organisations and no token; reads
   * wait (`offline`), and the banner asks the user to sign in again, after which what the device keeps is sent.
   */
  function askToSignIn(held: User | null) {
    const profile = held?.profile ?? snapshot.user?.profile;
    if (!profile) return;
    const user = new User({ profile, access_token: '', token_type: 'Bearer' });
    update({ status: 'offline', user, error: authErrorMessages.signInToSend });
  }

  async function redirectToSignIn(returnTo: string, args: SigninRedirectArgs = {}): Promise<boolean> {
    try {
      await userManager.signinRedirect({ state: safeReturnPath(returnTo), ...args });
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  /**
   * A silent sign-in in the tenant this tab was in, else `fallback` (the kept week's), else the provider's first:
   * the provider reads the `tenant` authorization parameter.
   */
  function signInSilently(args: SigninSilentArgs = {}, fallback?: string) {
    const tenant = tenantMemory.recall() ?? fallback;
    return userManager.signinSilent({ ...args, ...(tenant ? { extraQueryParams: { tenant } } : {}) });
  }

  async function restoreSession(returnTo: string): Promise<void> {
    const existing = await userManager.getUser();
    if (existing && !existing.expired) {
      authenticated(existing);
      return;
    }
    // A reload signs in again, in the tenant this tab was in.
    try {
      const user = await signInSilently();
      if (user) {
        authenticated(user);
        return;
      }
    } catch (error) {
      if (isLoginRequired(error)) {
        sessionHint.clear();
        await userManager.removeUser();
      } else if (isUnreachable(error) && (await startOffline())) {
        return;
      }
      // Perhaps no longer a member of that tenant: the redirect login below lets the provider choose.
      tenantMemory.forget();
    }
    if (await redirectToSignIn(returnTo)) {
      await browserIsLeaving();
    }
  }

  /**
   * A token for a request when the one held has expired (a tab offline past its token's life, whose renewal then
   * failed and is not tried again by the library) or was refused: one silent renewal at a time, for every request
   * that asks. When the provider wants the user to sign in again, the screen stays and the banner asks
   * (`askToSignIn`): the requests do not go (`SignInNeededError`). No network leaves the old token, and the request
   * says it could not reach the server.
   */
  function renewExpired(held: User): Promise<string | undefined> {
    renewing ??= signInSilently()
      .then((user) => {
        if (!user) return held.access_token || undefined;
        authenticated(user);
        return user.access_token;
      })
      .catch(async (error: unknown) => {
        if (!isSessionEnded(error)) return held.access_token || undefined;
        // The library's own renewal may have won the race for the refresh token.
        const now = await userManager.getUser();
        if (now && !now.expired && now.access_token !== held.access_token) return now.access_token;
        askToSignIn(held);
        throw new SignInNeededError();
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  // Back online with an expired token: renew it at once, before the next request needs it.
  if (typeof window !== 'undefined')
    window.addEventListener('online', async () => {
      const held = await userManager.getUser();
      if (snapshot.status === 'authenticated' && held?.expired) void renewExpired(held);
    });

  /** Offline with the device's copy; signs in (silently, else at the provider) once the network is back. */
  async function startOffline(): Promise<boolean> {
    const profile = await options.offlineUser?.().catch(() => null);
    if (!profile) return false;
    const user = new User({ profile: profile as IdTokenClaims, access_token: '', token_type: 'Bearer' });
    update({ status: 'offline', user, error: null });
    // Back online: sign in silently behind the screen, which stays as it is (a form being filled in keeps its
    // text). When the provider wants the user to sign in, the banner says so (`error`) and waits for them.
    const resume = async () => {
      try {
        const signedIn = await signInSilently({}, tenantOf(profile));
        if (signedIn) authenticated(signedIn);
      } catch (error) {
        if (!isUnreachable(error)) update({ status: 'offline', user, error: authErrorMessages.signInToSend });
        window.addEventListener('online', () => void resume(), { once: true });
      }
    };
    window.addEventListener('online', () => void resume(), { once: true });
    return true;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ensureSignedIn(returnTo) {
      // After a failed sign-in the user chooses when to try again: no automatic redirect loop.
      if (snapshot.status !== 'loading') {
        return Promise.resolve();
      }
      silentSignIn ??= restoreSession(returnTo).finally(() => {
        silentSignIn = null;
      });
      return silentSignIn;
    },
    async completeSignIn(callbackUrl) {
      try {
        if (!new URL(callbackUrl).search) {
          throw new Error(authErrorMessages.noQueryParams);
        }
        const user = await userManager.signinRedirectCallback(callbackUrl);
        authenticated(user);
        return safeReturnPath(user.state);
      } catch (error) {
        // A callback opened again after its sign-in completed (Back, a bookmark): someone still signed in goes on
        // to the app as they are, rather than being told the sign-in failed and losing the session they have.
        if (isStateError(error) && (await userManager.getUser())) return '/';
        failed(error);
        return errorPath;
      }
    },
    async signIn(returnTo) {
      await redirectToSignIn(returnTo);
    },
    async signInPopup(returnTo) {
      const held = snapshot.user?.profile;
      const controller = new AbortController();
      const timer = setTimeout(
        () => controller.abort(authErrorMessages.timeout),
        options.popupTimeoutMs ?? popupTimeoutMs,
      );
      let user: User;
      try {
        const tenant = tenantMemory.recall() ?? (held ? tenantOf(held) : undefined);
        user = await userManager.signinPopup({
          popupSignal: controller.signal,
          popupAbortOnClose: true,
          ...(tenant ? { extraQueryParams: { tenant } } : {}),
        });
      } catch (error) {
        if (isPopupBlocked(error)) {
          if (await redirectToSignIn(returnTo)) await browserIsLeaving();
          return;
        }
        const cause = controller.signal.aborted ? new ErrorTimeout(authErrorMessages.timeout) : error;
        if (snapshot.status === 'authenticated' || snapshot.status === 'offline') {
          // Keep the session (or the screen waiting for one) the user already has; the caller shows the message.
          throw new Error(
            isNotAMember(cause) ? authErrorMessages.notThisOrganisation : describeAuthError(cause),
          );
        }
        failed(cause);
        return;
      } finally {
        clearTimeout(timer);
      }
      if (held && (user.profile.sub !== held.sub || tenantOf(user.profile) !== tenantOf(held))) {
        // Another person, or another organisation: what is on the screen (and kept on the device) is not theirs.
        window.location.assign(safeReturnPath(returnTo));
        await browserIsLeaving();
      }
      authenticated(user);
    },
    async refreshClaims() {
      try {
        // A renewal by refresh token asks for the access token's scope only ('api'), which brings no ID token:
        // ask for the sign-in's scopes, so the provider issues an ID token with the claims as they are now.
        const user = await signInSilently({ extraTokenParams: { scope: userManager.settings.scope } });
        if (user) authenticated(user);
      } catch (error) {
        // The names shown stay as they were until the next sign-in; the session itself is unchanged, unless it
        // has ended: then the user is asked to sign in again.
        if (isSessionEnded(error) && !renewing && snapshot.status === 'authenticated') {
          askToSignIn(await userManager.getUser());
        }
      }
    },
    async switchTenant(tenantId) {
      // The provider reads the `tenant` authorization parameter and refuses a tenant the user is not in.
      await redirectToSignIn('/', { extraQueryParams: { tenant: tenantId } });
    },
    async signOut() {
      tenantMemory.forget();
      sessionHint.clear();
      await options.forgetDevice?.().catch(() => undefined);
      try {
        await userManager.signoutRedirect();
      } catch (error) {
        await userManager.removeUser();
        failed(error);
      }
    },
    async getAccessToken() {
      // Asked to sign in again: nothing goes out until they have.
      if (snapshot.status === 'offline') {
        if (snapshot.error) throw new SignInNeededError();
        return undefined;
      }
      const held = await userManager.getUser();
      if (held?.expired && snapshot.status === 'authenticated') return renewExpired(held);
      return held?.access_token || undefined;
    },
    async renewAccessToken(refused) {
      if (snapshot.status === 'offline' && snapshot.error) throw new SignInNeededError();
      const held = await userManager.getUser();
      if (!held || snapshot.status !== 'authenticated') return undefined;
      // Renewed meanwhile (by another request, or the library): that token.
      if (held.access_token !== refused && !held.expired) return held.access_token;
      return renewExpired(held);
    },
  };
}
