import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorResponse, User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { type AuthUserManager, createAuthClient } from '../features/auth/auth-client';
import { configureApiClient } from '../lib/api-client';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../testing/api';
import { testConfig } from '../testing/fixtures';
import { allJobRoutes } from '../testing/job-routes';
import { job, membership } from '../testing/records';
import { renderRoutes } from '../testing/render';

const api = installFakeApi();
const technician = membership({ role: 'TECHNICIAN', technician: { id: 't-1', name: 'SE01 Richmond' } });

/** The technician's sign-in: an access token living until `expiresAt` (epoch s). */
const userWith = (token: string, expiresAt: number) =>
  new User({
    access_token: token,
    token_type: 'Bearer',
    refresh_token: 'refresh-1',
    profile: { sub: 'user-1', iss: testConfig.issuer, aud: testConfig.clientId, exp: 0, iat: 0 },
    expires_at: expiresAt,
  });

describe('a visit open when the sign-in ends', () => {
  it('stays as it was, the Finish form keeping its text, when the session ended while offline: nothing goes with the old token', async () => {
    const going = job({ number: 242, status: 'OPEN_IN_PROGRESS' });
    // The server refuses the expired token with its own words, which a user must never read.
    api.handle = (request: RecordedRequest) => {
      if (request.headers.get('Authorization') === 'Bearer access-old')
        return errorResponse('UNAUTHENTICATED', 'The access token has expired.');
      if (/\/(notes|attachments|departures)$/.test(request.path)) return jsonResponse([]);
      if (request.path.endsWith('/signature')) return jsonResponse(null);
      return jsonResponse(going);
    };
    let held = userWith('access-1', Math.floor(Date.now() / 1000) + 300);
    const userManager = {
      getUser: vi.fn(async () => held),
      removeUser: vi.fn(async () => undefined),
      // Back online past the session's life: the provider refuses the refresh token.
      signinSilent: vi.fn(async () => {
        throw new ErrorResponse({ error: 'invalid_grant', error_description: 'grant request is invalid' });
      }),
      signinRedirect: vi.fn(async () => undefined),
      signinRedirectCallback: vi.fn(),
      signinPopup: vi.fn(),
      signoutRedirect: vi.fn(async () => undefined),
      settings: { scope: 'openid profile email api' },
      events: {
        addUserLoaded: () => () => undefined,
        addUserUnloaded: () => () => undefined,
        addSilentRenewError: () => () => undefined,
      },
    } as unknown as AuthUserManager;
    const auth = createAuthClient(userManager);
    await auth.ensureSignedIn(`/jobs/${going.id}`);
    configureApiClient({
      baseUrl: testConfig.apiBaseUrl,
      getAccessToken: auth.getAccessToken,
      renewAccessToken: auth.renewAccessToken,
    });
    const { queryClient } = renderRoutes(allJobRoutes, {
      route: `/jobs/${going.id}`,
      membership: technician,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Finish job 242' }));
    await user.type(dialog.getByRole('textbox', { name: /^Work done/ }), 'Reseated the valve.');

    // Offline past the token's life and the session's; back online, the page reads its job again.
    held = userWith('access-old', Math.floor(Date.now() / 1000) - 60);
    act(() => {
      void queryClient.invalidateQueries();
    });

    await waitFor(() => expect(auth.getSnapshot().status).toBe('offline'));
    // The banner's word: sign in again, nothing lost.
    expect(auth.getSnapshot().error).toBe(
      'Sign in again to send what is waiting. Nothing is lost: it stays on this device.',
    );
    expect(screen.getByRole('heading', { level: 1, name: /^Job 242/ })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /^Work done/ })).toHaveValue('Reseated the valve.');
    expect(screen.queryByText(/access token/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(
      api.requests.filter((request) => request.headers.get('Authorization') === 'Bearer access-old'),
    ).toEqual([]);
    expect(userManager.signinRedirect).not.toHaveBeenCalled();

    // Sign in (the banner's button) signs in in a popup: the page and the form stay, and the reads go again.
    vi.mocked(userManager.signinPopup).mockImplementation(async () => {
      held = userWith('access-2', Math.floor(Date.now() / 1000) + 300);
      return held;
    });
    await act(() => auth.signInPopup(`/jobs/${going.id}`));
    expect(auth.getSnapshot().status).toBe('authenticated');
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
    act(() => {
      void queryClient.invalidateQueries();
    });
    await waitFor(() =>
      expect(
        api.requests.filter((request) => request.headers.get('Authorization') === 'Bearer access-2'),
      ).not.toEqual([]),
    );
    expect(dialog.getByRole('textbox', { name: /^Work done/ })).toHaveValue('Reseated the valve.');
    await queryClient.cancelQueries();
  });
});
