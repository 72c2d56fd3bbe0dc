import {
  InMemoryWebStorage,
  UserManager,
  type UserManagerSettings,
  WebStorageStateStore,
} from 'oidc-client-ts';
import type { RuntimeConfig } from '../../lib/config';
import { paths } from '../../lib/paths';

/** Login popup size and the silent sign-in timeout (specification, section 9). */
export const popupWindowFeatures = { width: 400, height: 600 };
export const silentRequestTimeoutInSeconds = 60;
/**
 * How long before its expiry a token is renewed: less than the shortest token life the server allows (30 s), so a
 * renewal is never due at once (the library's 60 s renewed a 60 s token about once a second).
 */
export const accessTokenExpiringNotificationTimeInSeconds = 20;

/**
 * Settings for the OpenID Connect client: code flow with PKCE, tokens held in memory only.
 * The three redirect URIs are the ones registered at the identity provider.
 */
export function userManagerSettings(config: RuntimeConfig, origin: string): UserManagerSettings {
  return {
    authority: config.issuer,
    client_id: config.clientId,
    response_type: 'code',
    scope: config.scope,
    redirect_uri: `${origin}${paths.auth.callback}`,
    silent_redirect_uri: `${origin}${paths.auth.silentCallback}`,
    popup_redirect_uri: `${origin}${paths.auth.popupCallback}`,
    post_logout_redirect_uri: `${origin}${paths.home}`,
    // Tokens never touch localStorage or sessionStorage; only the in-flight PKCE state does.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds,
    silentRequestTimeoutInSeconds,
    popupWindowFeatures,
    loadUserInfo: false,
  };
}

export function createUserManager(
  config: RuntimeConfig,
  origin: string = window.location.origin,
): UserManager {
  return new UserManager(userManagerSettings(config, origin));
}
