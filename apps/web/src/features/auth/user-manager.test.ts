import { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/fixtures';
import { createUserManager, userManagerSettings } from './user-manager';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('user manager', () => {
  it('uses the code flow with the three registered redirect URIs', () => {
    const settings = userManagerSettings(testConfig, 'https://app.fieldbook.test');

    expect(settings).toMatchObject({
      authority: 'http://localhost:3000/oidc',
      client_id: 'fieldbook-web',
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: 'https://app.fieldbook.test/auth/callback',
      silent_redirect_uri: 'https://app.fieldbook.test/auth/silent-callback',
      popup_redirect_uri: 'https://app.fieldbook.test/auth/popup-callback',
      post_logout_redirect_uri: 'https://app.fieldbook.test/',
      automaticSilentRenew: true,
      silentRequestTimeoutInSeconds: 60,
      popupWindowFeatures: { width: 400, height: 600 },
      loadUserInfo: false,
    });
  });

  it('keeps tokens in memory, never in localStorage or sessionStorage', async () => {
    const userManager = createUserManager(testConfig, 'https://app.fieldbook.test');
    const user = new User({
      access_token: 'secret-access-token',
      id_token: 'secret-id-token',
      token_type: 'Bearer',
      profile: { sub: 'user-1', iss: testConfig.issuer, aud: testConfig.clientId, exp: 0, iat: 0 },
    });

    await userManager.storeUser(user);

    await expect(userManager.getUser()).resolves.toMatchObject({ access_token: 'secret-access-token' });
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
