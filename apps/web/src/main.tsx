import { returningFromSignOut } from './app/session-changes';
import { createAuthClient } from './features/auth/auth-client';
import { sessionHint } from './features/auth/session-hint';
import { createUserManager } from './features/auth/user-manager';
import { loadRuntimeConfig, type RuntimeConfig } from './lib/config';
import { paths } from './lib/paths';

const loadApp = () => import('./app/render-app');
const deviceStore = () => import('./features/offline/device-store');

/**
 * Start-up: read /config.json, then either finish a silent or popup sign-in (inside the hidden iframe or
 * the popup, without rendering the app) or render the app. The API client is configured by the app
 * (`renderApp`), so its schemas stay out of this start-up chunk.
 *
 * A browser that has signed in before (`sessionHint`) downloads the app while the session is restored silently.
 * A first visit to the home page goes straight to the identity provider without downloading the app (nor trying
 * a silent sign-in in a hidden frame first): the sign-in page is the first thing a new user waits for, and a
 * user whose provider session is still alive comes straight back signed in.
 */
async function start(): Promise<void> {
  const path = window.location.pathname;
  // A quote's public page (`/q/{token}`): for a customer, with no sign-in and none of the app.
  const quoteToken = /^\/q\/([^/]+)\/?$/.exec(path)?.[1];
  if (quoteToken !== undefined) {
    const [config, page] = await Promise.all([
      loadRuntimeConfig(),
      import('./features/quote-answers/render-quote-page'),
    ]);
    page.renderQuotePage(config.apiBaseUrl, decodeURIComponent(quoteToken));
    return;
  }
  const isAuthFrame = path === paths.auth.silentCallback || path === paths.auth.popupCallback;
  const signInFirst = path === paths.home && !sessionHint.present() && !returningFromSignOut();
  const app = isAuthFrame || signInFirst ? null : loadApp();

  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    if (!isAuthFrame) {
      (await (app ?? loadApp())).renderStartupFailure();
    }
    return;
  }

  const userManager = createUserManager(config);
  if (path === paths.auth.silentCallback) {
    await userManager.signinSilentCallback();
    return;
  }
  if (path === paths.auth.popupCallback) {
    await userManager.signinPopupCallback();
    return;
  }

  const auth = createAuthClient(userManager, {
    authErrorPath: config.authErrorPath,
    claimNamespace: config.claimNamespace,
    // The device's copy of a technician's week (IndexedDB), read only when there is no network at start.
    offlineUser: async () => (await (await deviceStore()).lastCopy())?.profile ?? null,
    forgetDevice: async () => (await deviceStore()).clearDevice(),
  });
  if (signInFirst) {
    await auth.signIn(`${path}${window.location.search}${window.location.hash}`);
    // The browser is on its way to the sign-in page, unless the redirect could not start: then the app says so.
    if (auth.getSnapshot().status !== 'error') return;
  }
  (await (app ?? loadApp())).renderApp(config, auth);
}

start().catch((error: unknown) => {
  console.error('Fieldbook failed to start.', error);
});
