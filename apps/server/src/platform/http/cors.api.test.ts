import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { authorizationUrl, follow, newBrowser } from '../../test-support/oidc-flow.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let a: TenantWithUser;
let signInPage: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenantWithUser(t);
  const browser = newBrowser(t.app);
  const page = await follow(browser, await browser.get(authorizationUrl(t).url));
  signInPage = `/oidc/interaction/${/interaction\/([^/"]+)\/login/.exec(page.body)?.[1]}`;
});
afterAll(() => t.close());

const fromOrigin = (origin: string, url: string, method: 'GET' | 'OPTIONS' = 'GET') =>
  t.app.inject({
    method,
    url,
    headers: {
      origin,
      ...bearer(a.token),
      ...(method === 'OPTIONS' ? { 'access-control-request-method': 'GET' } : {}),
    },
  });

describe('cross-origin access', () => {
  it('opens only the OpenID discovery and keys documents to every origin, without credentials', async () => {
    const discovery = await fromOrigin('https://evil.example', '/oidc/.well-known/openid-configuration');
    const jwks = await fromOrigin('https://evil.example', String(discovery.json().jwks_uri));
    expect(jwks.statusCode).toBe(200);
    for (const response of [discovery, jwks]) {
      // The provider reflects the origin, which for a public document without credentials is the same as '*'.
      expect(['*', 'https://evil.example']).toContain(response.headers['access-control-allow-origin']);
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('gives no other origin access to anything else', async () => {
    for (const url of [
      '/',
      '/config.json',
      '/api/health',
      '/api/tenant',
      '/api/customers',
      '/api/me',
      '/api/docs/json',
      signInPage,
      '/no/such/page',
    ]) {
      for (const method of ['GET', 'OPTIONS'] as const) {
        const response = await fromOrigin('https://evil.example', url, method);
        expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
        expect(response.headers['access-control-allow-credentials'], `${method} ${url}`).toBeUndefined();
      }
    }
  });

  it('lets the product’s own origin call the API', async () => {
    const response = await fromOrigin(t.config.publicUrl, '/api/customers');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(t.config.publicUrl);
  });
});
