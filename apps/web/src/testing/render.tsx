import { DEFAULT_TIME_ZONE, type Membership } from '@fieldbook/domain';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createQueryClient } from '../app/query-client';
import { ThemeProvider } from '../app/theme-provider';
import { FullPageLoader } from '../components/full-page-loader';
import { NoticesProvider } from '../components/notices';
import { AuthContext, type AuthContextValue } from '../features/auth/auth-context';
import { MembershipContext } from '../features/team/membership-context';
import { ConfigContext } from '../lib/config-context';
import { rememberRole } from '../lib/screen-access';
import { TimeZoneContext } from '../lib/time-zone';
import { fakeAuth, testConfig } from './fixtures';
import { membership as ownerMembership } from './records';

/** A query client for one test: the app's, without retries, so a failure shows at once. */
export function testQueryClient(): QueryClient {
  return createQueryClient({ retry: false });
}

interface TestProvidersProps {
  auth: AuthContextValue;
  queryClient?: QueryClient;
  /** The user's membership, as the signed-in layout provides it: an Owner unless told; null while it loads. */
  membership?: Membership | null;
  children: ReactNode;
}

/** Mantine in test mode: no transitions, no portals; the organisation's time zone the membership's. */
export function TestProviders({
  auth,
  queryClient,
  membership = ownerMembership(),
  children,
}: TestProvidersProps) {
  const [client] = useState(() => queryClient ?? testQueryClient());
  return (
    <ThemeProvider env="test">
      <NoticesProvider>
        <ConfigContext value={testConfig}>
          <QueryClientProvider client={client}>
            <AuthContext value={auth}>
              <MembershipContext value={membership ?? undefined}>
                <TimeZoneContext value={membership?.timeZone ?? DEFAULT_TIME_ZONE}>
                  {children}
                </TimeZoneContext>
              </MembershipContext>
            </AuthContext>
          </QueryClientProvider>
        </ConfigContext>
      </NoticesProvider>
    </ThemeProvider>
  );
}

interface RenderOptions {
  auth?: AuthContextValue;
  route?: string;
  queryClient?: QueryClient;
  /** An Owner's unless told (`membership({ role: 'TECHNICIAN' })`); null: still loading. */
  membership?: Membership | null;
}

/** Renders a component inside the app's providers and a router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { auth = fakeAuth(), route = '/', queryClient, membership }: RenderOptions = {},
) {
  return render(
    <TestProviders auth={auth} queryClient={queryClient} membership={membership}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </TestProviders>,
  );
}

/**
 * Renders routes (a feature's own `routes`, lazy ones included; given the query client when its loaders need
 * one) in a data router at `route`, inside the app's providers; the returned router shows where navigation went.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  { auth = fakeAuth(), route = '/', queryClient = testQueryClient(), membership }: RenderOptions = {},
) {
  // The route loaders know the role as the signed-in layout's read of the membership tells them.
  const role = (membership === undefined ? ownerMembership() : membership)?.role;
  if (role) rememberRole(role);
  const children = typeof routes === 'function' ? routes(queryClient) : routes;
  const router = createMemoryRouter([{ HydrateFallback: FullPageLoader, children }], {
    initialEntries: [route],
  });
  const result = render(
    <TestProviders auth={auth} queryClient={queryClient} membership={membership}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}
