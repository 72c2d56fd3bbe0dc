import { createAuthClient } from './features/auth/auth-client';
import { createUserManager } from './features/auth/user-manager';
import { loadRuntimeConfig, type RuntimeConfig } from './lib/config';
import { paths } from './lib/paths';

/**
 * Start-up: read /config.json, then either finish a silent or popup sign-in (inside the hidden iframe or
 * the popup, without rendering the app) or render the app, whose code downloads meanwhile. The API client is
 * configured by the app (`renderApp`), so its schemas stay out of this start-up chunk.
 */
async function start(): Promise<void> {
  const path = window.location.pathname;
  const isAuthFrame = path === paths.auth.silentCallback || path === paths.auth.popupCallback;
  const app = isAuthFrame ? null : import('./app/render-app');

  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    if (app) {
      (await app).renderStartupFailure();
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
  });
  (await app)?.renderApp(config, auth);
}

start().catch((error: unknown) => {
  console.error('Fieldbook failed to start.', error);
});
