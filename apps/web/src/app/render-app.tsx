import '@mantine/core/styles.css';
import { Container, MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ServiceUnavailable } from '../components/service-unavailable';
import type { AuthClient } from '../features/auth/auth-client';
import { configureApiClient } from '../lib/api-client';
import type { RuntimeConfig } from '../lib/config';
import { AppProviders, cssVariablesResolver, theme } from './app-providers';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';

function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) {
    throw new Error('index.html has no #root element.');
  }
  return element;
}

/** Renders the signed-in app. Loaded on demand so the auth callback pages never download it. */
export function renderApp(config: RuntimeConfig, auth: AuthClient): void {
  configureApiClient({ baseUrl: config.apiBaseUrl, getAccessToken: auth.getAccessToken });
  const queryClient = createQueryClient();
  const router = createBrowserRouter(createRoutes({ auth, queryClient }));
  createRoot(rootElement()).render(
    <StrictMode>
      <AppProviders config={config} auth={auth} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

/** Without its runtime config the app cannot sign in: say so instead of a blank page. */
export function renderStartupFailure(): void {
  createRoot(rootElement()).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Container component="main" py="xl">
          <ServiceUnavailable />
        </Container>
      </MantineProvider>
    </StrictMode>,
  );
}
