import './mantine-styles.css';
import './touch-and-focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { rescueLostFocus } from '../components/focus-rescue';
import { PageColumn } from '../components/page-column';
import { ServiceUnavailable } from '../components/service-unavailable';
import { UpdateBanner } from '../components/update-banner';
import type { AuthClient } from '../features/auth/auth-client';
import { configureApiClient } from '../lib/api-client';
import type { RuntimeConfig } from '../lib/config';
import { importOnceOnline, watchNetwork } from '../lib/network';
import { paths } from '../lib/paths';
import { AppProviders } from './app-providers';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';
import { rememberingSessionChanges, takeSignedOut } from './session-changes';
import { ThemeProvider } from './theme-provider';

function rootElement(): HTMLElement {
  const element = document.getElementById('root');
  if (!element) {
    throw new Error('index.html has no #root element.');
  }
  return element;
}

/** Renders the signed-in app. Loaded on demand so the auth callback pages never download it. */
export function renderApp(config: RuntimeConfig, signIn: AuthClient): void {
  const auth = rememberingSessionChanges(signIn);
  // The identity provider sends a signed-out user back to the home page, which would ask them to sign in at
  // once: this tab asked to sign out, so say that it has.
  if (window.location.pathname === paths.home && takeSignedOut()) {
    window.history.replaceState(null, '', paths.signedOut);
  }
  configureApiClient({
    baseUrl: config.apiBaseUrl,
    getAccessToken: auth.getAccessToken,
    renewAccessToken: auth.renewAccessToken,
  });
  const queryClient = createQueryClient();
  // TanStack Query assumes a network until the browser says it went: an app started offline knows at once.
  watchNetwork();
  rescueLostFocus();
  const { routes, patchRoutesOnNavigation } = createRoutes({ auth, queryClient });
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  createRoot(rootElement()).render(
    <StrictMode>
      <AppProviders config={config} auth={auth} queryClient={queryClient}>
        <RouterProvider router={router} />
        <UpdateBanner />
      </AppProviders>
    </StrictMode>,
  );
  registerWhenSettled(() => queryClient.isFetching() === 0 && router.state.navigation.state === 'idle');
}

/** How long after the first screen has settled the service worker is registered. */
const AFTER_SETTLED_MS = 3_000;

/**
 * The installable app's service worker, a few seconds after the first screen has loaded what it shows (`settled`),
 * when the browser is idle: its module and Workbox's are not in the first download, and the files it keeps
 * download after the first screen, never in its way.
 */
function registerWhenSettled(settled: () => boolean): void {
  const attempt = () => {
    if (!settled()) {
      setTimeout(attempt, 500);
      return;
    }
    setTimeout(
      () =>
        requestIdleCallback(
          () =>
            void importOnceOnline(() => import('./service-worker')).then((module) =>
              module.startServiceWorker(),
            ),
          {
            timeout: 10_000,
          },
        ),
      AFTER_SETTLED_MS,
    );
  };
  if (document.readyState === 'complete') attempt();
  else window.addEventListener('load', attempt, { once: true });
}

/** Without its runtime config the app cannot sign in: say so instead of a blank page. */
export function renderStartupFailure(): void {
  createRoot(rootElement()).render(
    <StrictMode>
      <ThemeProvider>
        <PageColumn>
          <ServiceUnavailable />
        </PageColumn>
      </ThemeProvider>
    </StrictMode>,
  );
}
