import type { Receivables } from '@fieldbook/domain';
import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticesProvider } from '../components/notices';
import { AuthProvider } from '../features/auth/auth-provider';
import { ConfigContext } from '../lib/config-context';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../testing/api';
import { fakeAuthClient, signedIn } from '../testing/fake-auth-client';
import { bondiElectrical, idTokenClaims, testConfig } from '../testing/fixtures';
import { job, membership } from '../testing/records';
import { AFTER_FIRST_SCREEN_MS } from './protected-layout';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';
import { rememberingSessionChanges } from './session-changes';
import { theme } from './theme';

const api = installFakeApi();

const zero = '0.00';
const nothingOwed: Receivables = {
  asAt: '2026-11-30',
  customers: [],
  customerCount: 0,
  totals: {
    current: zero,
    days1To30: zero,
    days31To60: zero,
    days61To90: zero,
    days90Plus: zero,
    total: zero,
    invoices: 0,
    overdueInvoices: 0,
  },
};

/** Empty lists, and no one owing anything (the home page's overdue figure, the aged receivables). */
const emptyAnswers = (request: RecordedRequest) =>
  request.path.startsWith('/reports/receivables')
    ? jsonResponse(nothingOwed)
    : jsonResponse([], { total: 0 });

beforeEach(() => {
  // The home page lists the newest customers: none here.
  api.handle = emptyAnswers;
});

function renderApp(path: string, auth = fakeAuthClient(signedIn())) {
  // The app's query client, without retries: a failure shows at once.
  const queryClient = createQueryClient({ retry: false });
  const { routes, patchRoutesOnNavigation } = createRoutes({ auth: auth.client, queryClient });
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
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

describe("the other features' routes", () => {
  const patched = async (path: string) => {
    const { patchRoutesOnNavigation } = createRoutes({
      auth: fakeAuthClient(signedIn()).client,
      queryClient: createQueryClient({ retry: false }),
    });
    const patch = vi.fn();
    await patchRoutesOnNavigation({
      path,
      patch,
      matches: [],
      signal: new AbortController().signal,
      fetcherKey: undefined,
    });
    return patch.mock.calls.length > 0;
  };

  it("are not downloaded for a job's viewer, the one first-download route with a parameter", async () => {
    expect(await patched('/jobs/01a22dba-4374-718d-bfac-3f47bc643976')).toBe(false);
  });

  it('are downloaded for any other path that a parameter or only Page not found matches', async () => {
    expect(await patched('/jobs/search')).toBe(true);
    expect(await patched('/jobs/new')).toBe(true);
    expect(await patched('/jobs/01a22dba-4374-718d-bfac-3f47bc643976/edit')).toBe(true);
    expect(await patched('/invoices')).toBe(true);
  });
});

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
    // The sections an Owner may use show once their membership (GET /tenant) has loaded.
    expect(await within(nav).findByRole('link', { name: 'Scheduler' })).toHaveAttribute('href', '/scheduler');
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
    expect(within(nav).getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/sales/invoices');
    expect(within(nav).getByRole('link', { name: 'Quotes' })).toHaveAttribute('href', '/sales/quotes');
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute('href', '/customers');
    expect(within(nav).getByRole('link', { name: 'Items' })).toHaveAttribute('href', '/items');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'Fieldbook' })).toHaveAttribute('href', '/');
    expect(
      within(screen.getByRole('banner')).getByRole('button', {
        name: 'Acme Plumbing – signed in as Sam Citizen',
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
    ['/sales/quotes', '/sales/quotes/search', 'Quotes'],
  ])('redirects %s to %s', async (from, to, heading) => {
    const { router } = renderApp(from, signedInAuth());

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(to);
  });

  it.each([
    ['/items', 'Items'],
    // Under the customer list's own routes, but loaded on demand with the other screens.
    ['/customers/new', 'New customer'],
    ['/scheduler', 'Scheduler'],
    ['/sales', 'Sales'],
    ['/settings/organisation', 'Organisation details'],
    ['/settings/users', 'Users'],
    ['/settings/taxes', 'Taxes'],
    ['/settings/templates', 'Templates'],
    ['/reports/receivables', 'Aged receivables'],
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

describe('navigation by role', () => {
  const sectionsOf = (nav: HTMLElement) =>
    within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label') ?? link.textContent);

  it('offers a Technician their day and their jobs only: no other section, no Settings; home is their day', async () => {
    api.membership = membership({ role: 'TECHNICIAN', technician: { id: 't-1', name: 'SE01 Richmond' } });
    api.handle = () =>
      jsonResponse({
        date: '2026-11-24',
        technician: { id: 't-1', name: 'SE01 Richmond' },
        visits: [],
        nextDate: null,
      });
    const { router } = renderApp('/', signedInAuth());

    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/today');
    expect(sectionsOf(screen.getByRole('navigation', { name: 'Main' }))).toEqual(['Today', 'Jobs']);
    expect(screen.queryByRole('link', { name: 'New customer' })).not.toBeInTheDocument();
    expect(api.paths()).toEqual(['/tenant', '/today']);
  });

  it("follows a role changed by another Owner from its first refusal: the menu offers only the new role's sections", async () => {
    api.membership = membership({ role: 'OFFICE' });
    renderApp('/customers/new', signedInAuth());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Customers' });
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), "O'Brien & Sons");

    // An Owner makes them a Technician meanwhile: the server refuses the save, and now reads that role.
    api.membership = membership({ role: 'TECHNICIAN', technician: { id: 't-1', name: 'SE01 Richmond' } });
    api.handle = (request) =>
      request.method === 'POST'
        ? errorResponse(
            'FORBIDDEN',
            'Your role in this organisation (Technician) cannot do this: it needs Owner or Office. Ask an Owner of the organisation.',
          )
        : emptyAnswers(request);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sectionsOf(nav)).toEqual(['Today', 'Jobs']));
  });

  it('tells a member removed meanwhile that they no longer belong, and takes them to their other organisation', async () => {
    const office = membership({ role: 'OFFICE' });
    let removed = false;
    api.membership = null;
    api.handle = (request) => {
      if (request.path === '/tenant')
        return removed
          ? errorResponse('FORBIDDEN', 'You are not a member of this organisation.')
          : jsonResponse(office);
      if (request.method === 'POST')
        return errorResponse('FORBIDDEN', 'You are not a member of this organisation.');
      return emptyAnswers(request);
    };
    const auth = signedInAuth();
    renderApp('/customers/new', auth);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Customers' });
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Removed while typing');

    removed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert', { name: 'You are no longer a member of Acme Plumbing' });
    expect(sectionsOf(nav)).not.toContain('Customers');
    await userEvent.click(within(alert).getByRole('button', { name: 'Open Bondi Electrical' }));
    expect(auth.client.switchTenant).toHaveBeenCalledWith(bondiElectrical.tenantId);
  });

  it('offers the Office every section and Settings, without the organisation, users and outbox', async () => {
    api.membership = membership({ role: 'OFFICE' });
    renderApp('/settings', signedInAuth());

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Scheduler' });
    expect(sectionsOf(nav)).toEqual([
      'Scheduler',
      'Jobs',
      'Invoices',
      'Quotes',
      'Customers',
      'Items',
      'Settings',
    ]);
    const main = screen.getByRole('main');
    expect((await within(main).findAllByRole('link')).map((link) => link.textContent)).toEqual([
      'Taxes',
      'Technicians',
      'Templates',
      'Items',
    ]);
  });

  it('offers an Owner the organisation, users, the outbox and the accounting export in Settings', async () => {
    renderApp('/settings', signedInAuth());

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Outbox' })).toHaveAttribute(
      'href',
      '/settings/outbox',
    );
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Organisation',
      'Users',
      'Taxes',
      'Technicians',
      'Templates',
      'Items',
      'Outbox',
      'Accounting export',
    ]);
    expect(
      screen.getByText('Every email the organisation sends, and whether it was sent.'),
    ).toBeInTheDocument();
  });

  it('shows no section only some roles may use while the role loads', async () => {
    api.membership = null;
    api.handle = (request) =>
      request.path === '/tenant' ? new Promise<Response>(() => undefined) : emptyAnswers(request);
    renderApp('/', signedInAuth());

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing' })).toBeInTheDocument();
    expect(sectionsOf(screen.getByRole('navigation', { name: 'Main' }))).toEqual(['Jobs']);
    expect(screen.queryByRole('link', { name: 'New customer' })).not.toBeInTheDocument();
  });

  it('says when the role could not be loaded, and loads it again on Retry', async () => {
    api.membership = null;
    let fail = true;
    api.handle = (request) => {
      if (request.path !== '/tenant') return emptyAnswers(request);
      return fail ? errorResponse('SERVICE_UNAVAILABLE', 'Try again soon.') : jsonResponse(membership());
    };
    renderApp('/', signedInAuth());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your role in this organisation could not be loaded');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Scheduler' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a screen the role may not use', () => {
  const REFUSAL = 'Insufficient permissions. Please contact your administrator.';

  it("shows a Technician at the invoices only why: no 'New invoice', no search, nothing asked of the API", async () => {
    api.membership = membership({ role: 'TECHNICIAN', technician: { id: 't-1', name: 'SE01 Richmond' } });
    renderApp('/sales/invoices', signedInAuth());

    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(api.paths()).toEqual(['/tenant']);
  });

  it('shows a Technician at the aged receivables only why: no report, no download', async () => {
    api.membership = membership({ role: 'TECHNICIAN', technician: { id: 't-1', name: 'SE01 Richmond' } });
    renderApp('/reports/receivables', signedInAuth());

    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(screen.getByRole('heading', { level: 1, name: 'Aged receivables' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('As at')).not.toBeInTheDocument();
  });

  it("shows the Office at Settings › Users only why: no 'Invite user'", async () => {
    api.membership = membership({ role: 'OFFICE' });
    renderApp('/settings/users', signedInAuth());

    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
  });

  it('shows neither the screen nor a refusal while the role loads', async () => {
    api.membership = null;
    api.handle = (request) =>
      request.path === '/tenant' ? new Promise<Response>(() => undefined) : emptyAnswers(request);
    renderApp('/sales/invoices', signedInAuth());

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('link', { name: 'New invoice' })).not.toBeInTheDocument();
    expect(screen.queryByText(REFUSAL)).not.toBeInTheDocument();
  });

  it('shows an Owner the screen with its actions once the role has loaded', async () => {
    renderApp('/settings/users', signedInAuth());

    expect(await screen.findByRole('button', { name: 'Invite user' })).toBeInTheDocument();
    expect(screen.queryByText(REFUSAL)).not.toBeInTheDocument();
  });
});

describe('the invitation page', () => {
  const preview = {
    tenantId: '00000000-0000-7000-8000-0000000dd001',
    tenantName: 'Harbourside Plumbing & Gas',
    role: 'OFFICE',
    email: 'sam@example.com.au',
    invitedBy: 'Pat Owner',
    expires: '2026-11-30T23:00:00.000Z',
  };

  it('opens for a new user who belongs to no organisation, instead of "Create an organization"', async () => {
    api.handle = () => jsonResponse(preview);
    const auth = fakeAuthClient(signedIn(idTokenClaims({ tenants: [], tenantId: undefined })));
    auth.client.ensureSignedIn.mockResolvedValue();
    renderApp('/join/tok-123', auth);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Harbourside Plumbing & Gas as Office' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create an organization' })).not.toBeInTheDocument();
    expect(auth.client.ensureSignedIn).toHaveBeenCalledWith('/join/tok-123');
  });

  it('asks a signed-out visitor to sign in first, and to come back to the link', async () => {
    const { auth } = renderApp('/join/tok-123', fakeAuthClient());

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(auth.client.ensureSignedIn).toHaveBeenCalledWith('/join/tok-123');
    expect(api.requests).toHaveLength(0);
  });
});

describe("the device's work in the first seconds after the app opens", () => {
  it('keeps an action taken there with no signal, starting the device’s work for it', async () => {
    // Held in those first seconds: the device's work does not start by itself (2 s after the first screen).
    const later = globalThis.setTimeout;
    const timeouts = vi
      .spyOn(globalThis, 'setTimeout')
      .mockImplementation(((run: () => void, delay?: number) =>
        delay === AFTER_FIRST_SCREEN_MS ? 0 : later(run, delay)) as typeof setTimeout);
    const booked = job({ number: 31, status: 'OPEN_SCHEDULED' });
    let offline = false;
    api.membership = membership({ role: 'TECHNICIAN', technician: { id: 't-1', name: 'SE01 Richmond' } });
    api.handle = (request) => {
      if (offline) throw new TypeError('Failed to fetch');
      if (request.path === `/jobs/${booked.id}`) return jsonResponse(booked);
      return jsonResponse(request.path.endsWith('/signature') ? null : []);
    };
    try {
      renderApp(`/jobs/${booked.id}`, signedInAuth());
      const user = userEvent.setup();
      await screen.findByRole('button', { name: 'Start' });
      offline = true;
      onlineManager.setOnline(false);
      // Not started yet: no banner says the app is offline.
      expect(screen.queryByText(/^Offline/)).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Start' }));
      expect(await screen.findByText(/^Job 31 started: saved on this device/)).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: '1 waiting' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Finish' })).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
      timeouts.mockRestore();
    }
  });
});
