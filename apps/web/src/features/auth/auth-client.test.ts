import { ErrorResponse, ErrorTimeout, User, type UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInNeededError } from '../../lib/api-client';
import { idTokenClaims, testConfig } from '../../testing/fixtures';
import { type AuthUserManager, createAuthClient } from './auth-client';
import { sessionHint } from './session-hint';
import { tenantMemory } from './tenant-memory';
import { createUserManager } from './user-manager';

type Events = UserManager['events'];

function signedInUser(state?: unknown): User {
  return new User({
    access_token: 'access-1',
    token_type: 'Bearer',
    profile: { sub: 'user-1', iss: testConfig.issuer, aud: testConfig.clientId, exp: 0, iat: 0 },
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    userState: state,
  });
}

/** A stand-in for oidc-client-ts's UserManager that records calls and lets a test raise its events. */
function fakeUserManager() {
  const raise: {
    userLoaded?: Parameters<Events['addUserLoaded']>[0];
    silentRenewError?: Parameters<Events['addSilentRenewError']>[0];
  } = {};
  const userManager = {
    getUser: vi.fn<UserManager['getUser']>().mockResolvedValue(null),
    removeUser: vi.fn<UserManager['removeUser']>().mockResolvedValue(),
    signinSilent: vi.fn<UserManager['signinSilent']>().mockResolvedValue(signedInUser()),
    signinRedirect: vi.fn<UserManager['signinRedirect']>().mockResolvedValue(),
    signinRedirectCallback: vi.fn<UserManager['signinRedirectCallback']>(),
    signinPopup: vi.fn<UserManager['signinPopup']>(),
    signoutRedirect: vi.fn<UserManager['signoutRedirect']>().mockResolvedValue(),
    settings: { scope: 'openid profile email api' } as UserManager['settings'],
    events: {
      addUserLoaded: (callback: Parameters<Events['addUserLoaded']>[0]) => {
        raise.userLoaded = callback;
        return () => undefined;
      },
      addUserUnloaded: () => () => undefined,
      addSilentRenewError: (callback: Parameters<Events['addSilentRenewError']>[0]) => {
        raise.silentRenewError = callback;
        return () => undefined;
      },
    },
  } satisfies AuthUserManager;
  return { userManager, raise };
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.useRealTimers();
});

describe('redirect callback', () => {
  it('finishes the login and returns the target the user asked for', async () => {
    const { userManager } = fakeUserManager();
    userManager.signinRedirectCallback.mockResolvedValue(signedInUser('/jobs/search?q=leak'));
    const auth = createAuthClient(userManager);

    await expect(auth.completeSignIn('http://localhost/auth/callback?code=c&state=s')).resolves.toBe(
      '/jobs/search?q=leak',
    );
    expect(auth.getSnapshot().status).toBe('authenticated');
  });

  it('goes home when there was no target, or the target is on another site', async () => {
    const { userManager } = fakeUserManager();
    const auth = createAuthClient(userManager);

    userManager.signinRedirectCallback.mockResolvedValueOnce(signedInUser());
    await expect(auth.completeSignIn('http://localhost/auth/callback?code=c&state=s')).resolves.toBe('/');
    userManager.signinRedirectCallback.mockResolvedValueOnce(signedInUser('//evil.example/phish'));
    await expect(auth.completeSignIn('http://localhost/auth/callback?code=c&state=s')).resolves.toBe('/');
  });

  it('fails a callback with no query params and sends the user home', async () => {
    const auth = createAuthClient(createUserManager(testConfig, 'http://localhost'));

    await expect(auth.completeSignIn('http://localhost/auth/callback')).resolves.toBe('/');
    expect(auth.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'There are no query params available for parsing.',
    });
  });

  it("fails a state that matches nothing stored with 'Invalid state' and uses the configured error path", async () => {
    const auth = createAuthClient(createUserManager(testConfig, 'http://localhost'), {
      authErrorPath: '/signed-out',
    });

    await expect(auth.completeSignIn('http://localhost/auth/callback?code=c&state=forged')).resolves.toBe(
      '/signed-out',
    );
    expect(auth.getSnapshot()).toMatchObject({ status: 'error', error: 'Invalid state' });
  });

  it('opened again after its sign-in completed (Back), goes home signed in as before, not failed', async () => {
    const { userManager } = fakeUserManager();
    userManager.signinRedirectCallback.mockResolvedValueOnce(signedInUser('/customers/search'));
    const auth = createAuthClient(userManager, { authErrorPath: '/signed-out' });
    await auth.completeSignIn('http://localhost/auth/callback?code=c&state=s');

    userManager.getUser.mockResolvedValue(signedInUser());
    userManager.signinRedirectCallback.mockRejectedValueOnce(new Error('No matching state found in storage'));
    await expect(auth.completeSignIn('http://localhost/auth/callback?code=c&state=s')).resolves.toBe('/');
    expect(auth.getSnapshot().status).toBe('authenticated');
  });
});

describe('signing in on load', () => {
  it('restores the session silently without showing the sign-in page', async () => {
    const { userManager } = fakeUserManager();
    const auth = createAuthClient(userManager);

    await auth.ensureSignedIn('/customers/search');

    expect(auth.getSnapshot().status).toBe('authenticated');
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
  });

  it('on login_required forgets the local user and redirects, returning to the page afterwards', async () => {
    const { userManager } = fakeUserManager();
    userManager.signinSilent.mockRejectedValue(new ErrorResponse({ error: 'login_required' }));
    const auth = createAuthClient(userManager);

    void auth.ensureSignedIn('/jobs/search?q=leak');

    await vi.waitFor(() =>
      expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: '/jobs/search?q=leak' }),
    );
    expect(userManager.removeUser).toHaveBeenCalled();
    expect(auth.getSnapshot().status).toBe('loading');
  });

  it('also redirects when the silent attempt times out, and makes only one attempt at a time', async () => {
    const { userManager } = fakeUserManager();
    userManager.signinSilent.mockRejectedValue(new ErrorTimeout('IFrame timed out without a response'));
    const auth = createAuthClient(userManager);

    void auth.ensureSignedIn('/scheduler');
    void auth.ensureSignedIn('/scheduler');

    await vi.waitFor(() => expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: '/scheduler' }));
    expect(userManager.signinSilent).toHaveBeenCalledOnce();
  });

  it('shows the error instead of looping when the redirect cannot start', async () => {
    const { userManager } = fakeUserManager();
    userManager.signinSilent.mockRejectedValue(new ErrorResponse({ error: 'login_required' }));
    userManager.signinRedirect.mockRejectedValue(new Error('Failed to fetch'));
    const auth = createAuthClient(userManager);

    await auth.ensureSignedIn('/');
    await auth.ensureSignedIn('/');

    expect(auth.getSnapshot()).toMatchObject({ status: 'error', error: 'Failed to fetch' });
    expect(userManager.signinRedirect).toHaveBeenCalledOnce();
  });

  it('uses a user already in memory', async () => {
    const { userManager } = fakeUserManager();
    userManager.getUser.mockResolvedValue(signedInUser());
    const auth = createAuthClient(userManager);

    await auth.ensureSignedIn('/');

    expect(userManager.signinSilent).not.toHaveBeenCalled();
    await expect(auth.getAccessToken()).resolves.toBe('access-1');
  });
});

describe('a token that expired while the tab was offline', () => {
  /** A user whose access token expired a minute ago. */
  const expiredUser = () =>
    new User({
      access_token: 'access-old',
      token_type: 'Bearer',
      profile: { sub: 'user-1', iss: testConfig.issuer, aud: testConfig.clientId, exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) - 60,
    });

  it('is renewed once for the requests that ask for it, which get the new token', async () => {
    const { userManager } = fakeUserManager();
    userManager.getUser.mockResolvedValue(signedInUser());
    const auth = createAuthClient(userManager);
    await auth.ensureSignedIn('/');

    userManager.getUser.mockResolvedValue(expiredUser());
    const renewed = new User({
      ...signedInUser(),
      access_token: 'access-2',
      token_type: 'Bearer',
      profile: signedInUser().profile,
    });
    userManager.signinSilent.mockResolvedValue(renewed);
    const tokens = await Promise.all([auth.getAccessToken(), auth.getAccessToken()]);

    expect(tokens).toEqual(['access-2', 'access-2']);
    expect(userManager.signinSilent).toHaveBeenCalledOnce();
  });

  it('is renewed when the network returns', async () => {
    const { userManager } = fakeUserManager();
    userManager.getUser.mockResolvedValue(signedInUser());
    const auth = createAuthClient(userManager);
    await auth.ensureSignedIn('/');
    userManager.getUser.mockResolvedValue(expiredUser());

    window.dispatchEvent(new Event('online'));

    await vi.waitFor(() => expect(userManager.signinSilent).toHaveBeenCalledOnce());
  });

  it('keeps the old token while the server cannot be reached', async () => {
    const { userManager } = fakeUserManager();
    userManager.getUser.mockResolvedValue(signedInUser());
    const auth = createAuthClient(userManager);
    await auth.ensureSignedIn('/');
    userManager.getUser.mockResolvedValue(expiredUser());

    userManager.signinSilent.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(auth.getAccessToken()).resolves.toBe('access-old');
    expect(auth.getSnapshot().status).toBe('authenticated');
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
  });

  it.each([
    ['its refresh token refused (invalid_grant)', 'invalid_grant'],
    ['a silent sign-in that needs the sign-in page (login_required)', 'login_required'],
  ])(
    'when the session has ended (%s), keeps the screen and asks the user to sign in again; no request goes',
    async (_, error) => {
      const { userManager } = fakeUserManager();
      userManager.getUser.mockResolvedValue(signedInUser());
      const auth = createAuthClient(userManager);
      await auth.ensureSignedIn('/jobs/job-1');
      const held = expiredUser();
      userManager.getUser.mockResolvedValue(held);
      userManager.signinSilent.mockRejectedValue(new ErrorResponse({ error }));

      const requests = [auth.getAccessToken(), auth.getAccessToken()];
      for (const request of requests) await expect(request).rejects.toBeInstanceOf(SignInNeededError);
      await expect(requests[0]).rejects.toThrow(
        'Your sign-in has ended. Sign in again (at the top of the page) to carry on: nothing you entered is lost.',
      );
      expect(userManager.signinSilent).toHaveBeenCalledOnce();
      // The user's name and organisations stay; no token; the banner's word.
      expect(auth.getSnapshot()).toMatchObject({
        status: 'offline',
        error: 'Sign in again to send what is waiting. Nothing is lost: it stays on this device.',
        user: { profile: held.profile, access_token: '' },
      });
      // Not sent away to the sign-in page (the screen and a form's text would go): the user chooses when.
      expect(userManager.signinRedirect).not.toHaveBeenCalled();
      expect(userManager.removeUser).not.toHaveBeenCalled();
      // Until they have signed in, nothing is sent and nothing renews.
      await expect(auth.getAccessToken()).rejects.toBeInstanceOf(SignInNeededError);
      await expect(auth.renewAccessToken('access-old')).rejects.toBeInstanceOf(SignInNeededError);
      expect(userManager.signinSilent).toHaveBeenCalledOnce();

      await auth.signIn('/jobs/job-1');
      expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: '/jobs/job-1' });
    },
  );

  it('takes the token the library renewed meanwhile when its own renewal meets the used refresh token', async () => {
    const { userManager } = fakeUserManager();
    userManager.getUser.mockResolvedValue(signedInUser());
    const auth = createAuthClient(userManager);
    await auth.ensureSignedIn('/');
    const fresh = new User({ ...signedInUser(), access_token: 'access-3', profile: signedInUser().profile });
    userManager.getUser.mockResolvedValueOnce(expiredUser()).mockResolvedValue(fresh);
    userManager.signinSilent.mockRejectedValueOnce(new ErrorResponse({ error: 'invalid_grant' }));

    await expect(auth.getAccessToken()).resolves.toBe('access-3');
    expect(auth.getSnapshot().status).toBe('authenticated');
  });

  it('renews a token the server refused (401) once for the requests that ask, unless renewed meanwhile', async () => {
    const { userManager } = fakeUserManager();
    userManager.getUser.mockResolvedValue(signedInUser());
    const auth = createAuthClient(userManager);
    await auth.ensureSignedIn('/');
    const renewed = new User({
      ...signedInUser(),
      access_token: 'access-2',
      profile: signedInUser().profile,
    });
    userManager.signinSilent.mockResolvedValue(renewed);

    const tokens = await Promise.all([auth.renewAccessToken('access-1'), auth.renewAccessToken('access-1')]);
    expect(tokens).toEqual(['access-2', 'access-2']);
    expect(userManager.signinSilent).toHaveBeenCalledOnce();
    userManager.getUser.mockResolvedValue(renewed);
    await expect(auth.renewAccessToken('access-1')).resolves.toBe('access-2');
    expect(userManager.signinSilent).toHaveBeenCalledOnce();
  });
});

describe('remembering the tenant across reloads', () => {
  it('remembers the tenant a sign-in chose and names it when signing in silently again', async () => {
    const first = fakeUserManager();
    first.userManager.signinSilent.mockResolvedValue(
      new User({ access_token: 'a', token_type: 'Bearer', profile: idTokenClaims({ tenantId: 't-bondi' }) }),
    );
    await createAuthClient(first.userManager, { claimNamespace: testConfig.claimNamespace }).ensureSignedIn(
      '/',
    );

    // After a reload the tokens are gone; the tab still knows its tenant.
    const second = fakeUserManager();
    await createAuthClient(second.userManager, { claimNamespace: testConfig.claimNamespace }).ensureSignedIn(
      '/',
    );

    expect(second.userManager.signinSilent).toHaveBeenCalledWith({ extraQueryParams: { tenant: 't-bondi' } });
  });

  it('forgets the tenant when the silent sign-in fails, so the redirect login can choose', async () => {
    tenantMemory.remember('t-gone');
    const { userManager } = fakeUserManager();
    userManager.signinSilent.mockRejectedValue(
      new ErrorResponse({
        error: 'access_denied',
        error_description: 'You are not a member of that organisation.',
      }),
    );

    void createAuthClient(userManager).ensureSignedIn('/');

    await vi.waitFor(() => expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: '/' }));
    expect(tenantMemory.recall()).toBeUndefined();
  });

  it('leaves the hint that this browser has signed in until sign-out or an ended session', async () => {
    const { userManager } = fakeUserManager();
    const auth = createAuthClient(userManager);
    expect(sessionHint.present()).toBe(false);

    await auth.ensureSignedIn('/customers/search');
    expect(sessionHint.present()).toBe(true);

    await auth.signOut();
    expect(sessionHint.present()).toBe(false);

    sessionHint.set();
    userManager.signinSilent.mockRejectedValue(new ErrorResponse({ error: 'login_required' }));
    void createAuthClient(userManager).ensureSignedIn('/');
    await vi.waitFor(() => expect(sessionHint.present()).toBe(false));
  });

  it('forgets the tenant on sign-out', async () => {
    tenantMemory.remember('t-acme');
    const { userManager } = fakeUserManager();

    await createAuthClient(userManager).signOut();

    expect(tenantMemory.recall()).toBeUndefined();
  });
});

describe('signed-in actions', () => {
  it('switches tenant by signing in again with the tenant parameter', async () => {
    const { userManager } = fakeUserManager();
    const auth = createAuthClient(userManager);

    await auth.switchTenant('t-bondi');

    expect(userManager.signinRedirect).toHaveBeenCalledWith({
      state: '/',
      extraQueryParams: { tenant: 't-bondi' },
    });
  });

  it('refreshes the claims after a rename by signing in silently in the same tenant, keeping the session if that fails', async () => {
    tenantMemory.remember('t-bondi');
    const { userManager } = fakeUserManager();
    const auth = createAuthClient(userManager);
    await auth.ensureSignedIn('/');
    const renamed = new User({
      access_token: 'renamed',
      token_type: 'Bearer',
      profile: idTokenClaims({ tenantId: 't-bondi' }),
    });
    userManager.signinSilent.mockResolvedValue(renamed);

    await auth.refreshClaims();
    expect(userManager.signinSilent).toHaveBeenLastCalledWith({
      extraTokenParams: { scope: 'openid profile email api' },
      extraQueryParams: { tenant: 't-bondi' },
    });
    expect(auth.getSnapshot().user).toBe(renamed);

    userManager.signinSilent.mockRejectedValue(new ErrorTimeout('timed out'));
    await auth.refreshClaims();
    expect(auth.getSnapshot()).toMatchObject({ status: 'authenticated', user: renamed });
  });

  it('signs out through the identity provider', async () => {
    const { userManager } = fakeUserManager();
    const auth = createAuthClient(userManager);

    await auth.signOut();

    expect(userManager.signoutRedirect).toHaveBeenCalledOnce();
  });

  it('gives up on a popup login after 5 minutes', async () => {
    vi.useFakeTimers();
    const { userManager } = fakeUserManager();
    userManager.signinPopup.mockImplementation(
      ({ popupSignal } = {}) =>
        new Promise((_resolve, reject) => {
          popupSignal?.addEventListener('abort', () => reject(new Error(String(popupSignal.reason))));
        }),
    );
    const auth = createAuthClient(userManager);

    const signingIn = auth.signInPopup('/');
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await signingIn;

    expect(auth.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'Sign-in timed out. Please try again.',
    });
  });

  describe('signing in again in a popup after the session ended with the app open', () => {
    /** Signed in to `tenant`, then the provider refused the renewal: the screen waits for a sign-in. */
    async function ended(tenant = 'tenant-1') {
      const { userManager, raise } = fakeUserManager();
      const auth = createAuthClient(userManager, { claimNamespace: 'https://fieldbook.app/' });
      const user = signedInUser();
      user.profile['https://fieldbook.app/tenantId'] = tenant;
      userManager.signinSilent.mockResolvedValue(user);
      await auth.ensureSignedIn('/invoices/new');
      userManager.getUser.mockResolvedValue(user);
      await raise.silentRenewError?.(new ErrorResponse({ error: 'invalid_grant' }));
      expect(auth.getSnapshot().status).toBe('offline');
      return { auth, userManager };
    }
    const popupUser = (sub: string, tenant: string) => {
      const user = signedInUser();
      user.profile.sub = sub;
      user.profile['https://fieldbook.app/tenantId'] = tenant;
      return user;
    };

    it('carries on in the same page, asking the provider for the organisation the page is in', async () => {
      const { auth, userManager } = await ended();
      userManager.signinPopup.mockResolvedValue(popupUser('user-1', 'tenant-1'));

      await auth.signInPopup('/invoices/new');

      expect(auth.getSnapshot().status).toBe('authenticated');
      expect(userManager.signinPopup).toHaveBeenCalledWith(
        expect.objectContaining({ popupAbortOnClose: true, extraQueryParams: { tenant: 'tenant-1' } }),
      );
      expect(userManager.signinRedirect).not.toHaveBeenCalled();
    });

    it.each([
      ['someone else', 'user-2', 'tenant-1'],
      ['the same person in another organisation', 'user-1', 'tenant-2'],
    ])('reloads the app when %s signs in there: the page is not theirs', async (_who, sub, tenant) => {
      const { auth, userManager } = await ended();
      userManager.signinPopup.mockResolvedValue(popupUser(sub, tenant));
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      try {
        void auth.signInPopup('/invoices/new');
        await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/invoices/new'));
        expect(auth.getSnapshot().status).toBe('offline');
      } finally {
        vi.unstubAllGlobals();
      }
    });

    it('keeps the page waiting and says why when the popup is closed before signing in', async () => {
      const { auth, userManager } = await ended();
      userManager.signinPopup.mockRejectedValue(new Error('Popup closed by user'));

      await expect(auth.signInPopup('/invoices/new')).rejects.toThrow(
        'The sign-in window was closed before you signed in. Nothing on this page is lost: Sign in to try again.',
      );
      expect(auth.getSnapshot().status).toBe('offline');
      expect(userManager.signinRedirect).not.toHaveBeenCalled();
    });

    it('says the person who signed in is not a member when the provider refuses them this organisation', async () => {
      const { auth, userManager } = await ended();
      userManager.signinPopup.mockRejectedValue(
        new ErrorResponse({
          error: 'access_denied',
          error_description: 'You are not a member of that organisation.',
        }),
      );

      await expect(auth.signInPopup('/invoices/new')).rejects.toThrow(
        'The person who signed in is not a member of this organisation. Sign in as one of its members to carry on: nothing on this page is lost.',
      );
      expect(auth.getSnapshot().status).toBe('offline');
    });

    it('goes to the sign-in page when the browser would not open a popup', async () => {
      const { auth, userManager } = await ended();
      userManager.signinPopup.mockRejectedValue(new Error('Attempted to navigate on a disposed window'));

      void auth.signInPopup('/invoices/new');

      await vi.waitFor(() =>
        expect(userManager.signinRedirect).toHaveBeenCalledWith(
          expect.objectContaining({ state: '/invoices/new' }),
        ),
      );
    });
  });

  it('asks the user to sign in again when silent renewal finds the session has ended, keeping the screen', async () => {
    const { userManager, raise } = fakeUserManager();
    const auth = createAuthClient(userManager);
    await auth.ensureSignedIn('/settings/taxes');
    userManager.getUser.mockResolvedValue(signedInUser());

    await raise.silentRenewError?.(new ErrorResponse({ error: 'invalid_grant' }));

    expect(auth.getSnapshot()).toMatchObject({
      status: 'offline',
      error: 'Sign in again to send what is waiting. Nothing is lost: it stays on this device.',
    });
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
    await expect(auth.getAccessToken()).rejects.toBeInstanceOf(SignInNeededError);
  });

  it('keeps the session when silent renewal only got no answer', async () => {
    const { userManager, raise } = fakeUserManager();
    const auth = createAuthClient(userManager);
    await auth.ensureSignedIn('/');

    await raise.silentRenewError?.(new TypeError('Failed to fetch'));

    expect(auth.getSnapshot().status).toBe('authenticated');
  });

  it('tells subscribers when a renewed user arrives', () => {
    const { userManager, raise } = fakeUserManager();
    const auth = createAuthClient(userManager);
    const listener = vi.fn();
    auth.subscribe(listener);

    raise.userLoaded?.(signedInUser());

    expect(listener).toHaveBeenCalled();
    expect(auth.getSnapshot().status).toBe('authenticated');
  });
});

describe('a start with no network', () => {
  const unreachable = () => new TypeError('Failed to fetch');
  const kept = { sub: 'user-1', name: "Siobhán O'Hara", 'https://fieldbook.example/tenantId': 't-acme' };

  it('opens offline with the claims the device kept, no token, and signs in silently when the network returns', async () => {
    const { userManager } = fakeUserManager();
    userManager.signinSilent.mockRejectedValueOnce(unreachable());
    const auth = createAuthClient(userManager, {
      claimNamespace: 'https://fieldbook.example/',
      offlineUser: async () => kept,
    });

    await auth.ensureSignedIn('/today');
    expect(auth.getSnapshot()).toMatchObject({ status: 'offline', error: null, user: { profile: kept } });
    expect(await auth.getAccessToken()).toBeUndefined();
    expect(userManager.signinRedirect).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(auth.getSnapshot().status).toBe('authenticated'));
    // Back in the organisation whose week the device kept.
    expect(userManager.signinSilent).toHaveBeenLastCalledWith({ extraQueryParams: { tenant: 't-acme' } });
  });

  it('stays offline, saying so, when the provider wants the user to sign in again: nothing kept is lost', async () => {
    const { userManager } = fakeUserManager();
    userManager.signinSilent
      .mockRejectedValueOnce(unreachable())
      .mockRejectedValueOnce(new ErrorResponse({ error: 'login_required' }));
    const auth = createAuthClient(userManager, { offlineUser: async () => kept });

    await auth.ensureSignedIn('/today');
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() =>
      expect(auth.getSnapshot().error).toBe(
        'Sign in again to send what is waiting. Nothing is lost: it stays on this device.',
      ),
    );
    expect(auth.getSnapshot().status).toBe('offline');
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
  });

  it('says the provider could not be reached when the device keeps no week', async () => {
    const { userManager } = fakeUserManager();
    userManager.signinSilent.mockRejectedValueOnce(unreachable());
    userManager.signinRedirect.mockRejectedValueOnce(unreachable());
    const auth = createAuthClient(userManager, { offlineUser: async () => null });

    await auth.ensureSignedIn('/today');
    expect(auth.getSnapshot()).toMatchObject({
      status: 'error',
      error: 'Fieldbook could not be reached to sign you in. Check your connection, then try again.',
    });
  });

  it('deletes what the device keeps at sign-out, before the provider is told', async () => {
    const { userManager } = fakeUserManager();
    const order: string[] = [];
    userManager.signoutRedirect.mockImplementation(async () => {
      order.push('provider');
    });
    const auth = createAuthClient(userManager, {
      forgetDevice: async () => {
        order.push('device');
      },
    });
    await auth.signOut();
    expect(order).toEqual(['device', 'provider']);
  });
});
