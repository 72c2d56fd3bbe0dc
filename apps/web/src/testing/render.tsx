import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/app-providers';
import { AuthContext, type AuthContextValue } from '../features/auth/auth-context';
import { ConfigContext } from '../lib/config-context';
import { fakeAuth, testConfig } from './fixtures';

/** Mantine in test mode: no transitions, no portals. */
export function TestProviders({ auth, children }: { auth: AuthContextValue; children: ReactNode }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return (
    <MantineProvider theme={theme} env="test">
      <ConfigContext value={testConfig}>
        <QueryClientProvider client={queryClient}>
          <AuthContext value={auth}>{children}</AuthContext>
        </QueryClientProvider>
      </ConfigContext>
    </MantineProvider>
  );
}

/** Renders a component inside the app's providers and a router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { auth = fakeAuth(), route = '/' }: { auth?: AuthContextValue; route?: string } = {},
) {
  return render(
    <TestProviders auth={auth}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </TestProviders>,
  );
}
