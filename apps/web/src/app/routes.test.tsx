import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { NoticesProvider } from '../components/notices';
import { AuthProvider } from '../features/auth/auth-provider';
import { ConfigContext } from '../lib/config-context';
import { installFakeApi, jsonResponse } from '../testing/api';
import { fakeAuthClient, signedIn } from '../testing/fake-auth-client';
import { idTokenClaims, testConfig } from '../testing/fixtures';
import { theme } from './app-providers';
import { createRoutes } from './routes';
import { rememberingSessionChanges } from './session-changes';

const api = installFakeApi();
beforeEach(() => {
  // The home page lists the newest customers: none here.
  api.handle = () => jsonResponse([], { total: 0 });
});

function renderApp(path: string, auth = fakeAuthClient(signedIn())) {
  const queryClient = new QueryClient();
  const router = createMemoryRouter(createRoutes({ auth: auth.client, queryClient }), {
    initialEntries: [path],
  });
  render(
    <MantineProvider theme={theme} env="test">
      <NoticesProvider>
        <ConfigContext value={testConfig}>
          <QueryClientProvider client={queryClient}>
            <AuthProvider client={auth.client} claimNamespace={testConfig.claimNamespace}>
              <RouterProvider router={router} />
            </AuthProvider>
          </QueryClientProvider>
        </ConfigContext>
      </NoticesProvider>
    </MantineProvider>,
  );
  return { router, auth };
}

function signedInAuth() {
  const auth = fakeAuthClient(signedIn());
  auth.client.ensureSignedIn.mockResolvedValue();
  return auth;
}

describe('routes when signed out', () => {
  it("shows 'Page not found' for an unknown path without signing in", async () => {
    const { auth } = renderApp('/no/such/page', fakeAuthClient());

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(auth.client.ensureSignedIn).not.toHaveBeenCalled();
  });

  it('starts sign-in for a known page, asking to come back to it, and shows Loading... meanwhile', async () => {
    const { auth } = renderApp('/customers/search?q=smith', fakeAuthClient());

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(auth.client.ensureSignedIn).toHaveBeenCalledWith('/customers/search?q=smith');
    expect(screen.queryByRole('heading', { name: 'Customers' })).not.toBeInTheDocument();
  });

  it('after a failed sign-in callback shows the error and lets the user sign in again', async () => {
    const auth = fakeAuthClient();
    auth.client.ensureSignedIn.mockResolvedValue();
    auth.client.completeSignIn.mockImplementation(async () => {
      auth.setSnapshot({ status: 'error', user: null, error: 'Invalid state' });
      return '/';
    });
    const { router } = renderApp('/auth/callback?code=c&state=forged', auth);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid state');
    expect(router.state.location.pathname).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(auth.client.signIn).toHaveBeenCalledWith('/');
  });

  it('says that the user has signed out, and signs in again from there', async () => {
    const { auth } = renderApp('/signed-out', fakeAuthClient());

    expect(await screen.findByRole('heading', { level: 1, name: 'Signed out' })).toBeInTheDocument();
    expect(screen.getByText('You have signed out of Fieldbook.')).toBeInTheDocument();
    expect(auth.client.ensureSignedIn).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(auth.client.signIn).toHaveBeenCalledWith('/');
  });

  it('after a successful callback goes to the stored target', async () => {
    const auth = signedInAuth();
    auth.client.completeSignIn.mockResolvedValue('/settings');
    const { router } = renderApp('/auth/callback?code=c&state=s', auth);

    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });
});

describe('routes when signed in', () => {
  it("shows the tenant's name on the home page, with the navigation and user menu", async () => {
    renderApp('/', signedInAuth());

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Scheduler' })).toHaveAttribute('href', '/scheduler');
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/sales/invoices');
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customers');
    expect(within(nav).getByRole('link', { name: 'Items' })).toHaveAttribute('href', '/items');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'Fieldbook' })).toHaveAttribute('href', '/');
    expect(
      within(screen.getByRole('banner')).getByRole('button', {
        name: 'Acme Plumbing, signed in as Sam Citizen',
      }),
    ).toBeInTheDocument();
  });

  it('back from switching organisation, says which one is now active', async () => {
    const auth = signedInAuth();
    await rememberingSessionChanges(auth.client).switchTenant('t-acme');
    expect(auth.client.switchTenant).toHaveBeenCalledWith('t-acme');
    renderApp('/', auth);

    expect(await screen.findByText('Now working in Acme Plumbing.')).toBeInTheDocument();
    expect(sessionStorage.getItem('fieldbook.switchingTo')).toBeNull();
  });

  it.each([
    ['/customers', '/customers/search', 'Customers'],
    ['/jobs', '/jobs/search', 'Jobs'],
    ['/sales/invoices', '/sales/invoices/search', 'Invoices'],
  ])('redirects %s to %s', async (from, to, heading) => {
    const { router } = renderApp(from, signedInAuth());

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
  });

  it.each([
    ['/items', 'Items'],
    ['/scheduler', 'Scheduler'],
    ['/sales', 'Sales'],
    ['/settings/organisation', 'Organisation details'],
    ['/settings/users', 'Users'],
    ['/settings/taxes', 'Taxes'],
    ['/settings/templates', 'Templates'],
    ['/error/service-unavailable', 'Service Unavailable'],
  ])('shows %s with the heading %s', async (path, heading) => {
    renderApp(path, signedInAuth());

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('links the settings page to its sections', async () => {
    renderApp('/settings', signedInAuth());

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Organisation' })).toHaveAttribute(
      'href',
      '/settings/organisation',
    );
    expect(within(main).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/settings/users');
    expect(within(main).getByRole('link', { name: 'Taxes' })).toHaveAttribute('href', '/settings/taxes');
    expect(within(main).getByRole('link', { name: 'Templates' })).toHaveAttribute(
      'href',
      '/settings/templates',
    );
  });

  it('shows the service-unavailable text', async () => {
    renderApp('/error/service-unavailable', signedInAuth());

    expect(
      await screen.findByText('The service is currently unavailable. Please try again in a few minutes.'),
    ).toBeInTheDocument();
  });

  it("shows the user's name and email on the account page", async () => {
    renderApp('/account', signedInAuth());

    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Name Sam Citizen' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Email sam@example.com.au' })).toBeInTheDocument();
  });

  it('offers only "Create an organization", without the navbar, to a user with no organisation', async () => {
    const auth = fakeAuthClient(signedIn(idTokenClaims({ tenants: [], tenantId: undefined })));
    auth.client.ensureSignedIn.mockResolvedValue();
    renderApp('/jobs/search', auth);

    expect(await screen.findByRole('heading', { name: 'Create an organization' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Organisation name/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create organization' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign out' }));
    expect(auth.client.signOut).toHaveBeenCalledOnce();
  });
});
