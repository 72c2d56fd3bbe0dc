import { createHash } from 'node:crypto';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { authorizationUrl, follow, newBrowser, signIn } from '../../test-support/oidc-flow.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { loadConfig } from '../config.ts';
import { registerSecurityHeaders } from './security-headers.ts';

let t: TestApp;
let a: TenantWithUser;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenantWithUser(t);
});
afterAll(() => t.close());

const policy = (frameAncestors: string, issuer = '') =>
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  `connect-src 'self'${issuer}; frame-src 'self'${issuer}; form-action 'self'; ` +
  `frame-ancestors ${frameAncestors}; base-uri 'self'; object-src 'none'`;

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
];

const securityHeaders = (response: LightMyRequestResponse) =>
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers[name]]));

/** What every page but the silent sign-in's callback gets over http. */
const unframable = {
  'content-security-policy': policy("'none'"),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'strict-transport-security': undefined,
};

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it.each([
    ['the web app', '/', undefined],
    ['a deep link into the web app', '/customers?q=acme', undefined],
    ['an API error', '/api/customers', 401],
    ['an unknown API path', '/api/nothing-here', 404],
    ["the provider's discovery document", '/oidc/.well-known/openid-configuration', 200],
    ["the provider's own error page", '/oidc/auth?client_id=nobody', 400],
  ])('are on %s (%s)', async (_what, url, status) => {
    const response = await get(url);
    if (status) expect(response.statusCode).toBe(status);
    expect(securityHeaders(response)).toEqual(unframable);
  });

  it('are on an authenticated API reply', async () => {
    const response = await get('/api/tenant', bearer(a.token));
    expect(response.statusCode).toBe(200);
    expect(securityHeaders(response)).toEqual(unframable);
  });

  it('are on the sign-in and sign-up pages, which no page may frame', async () => {
    const browser = newBrowser(t.app);
    const page = await follow(browser, await browser.get(authorizationUrl(t).url));
    expect(page.body).toContain('<form method="post" action="/oidc/interaction/');
    expect(securityHeaders(page)).toEqual(unframable);
    const uid = /interaction\/([^/"]+)\/login/.exec(page.body)?.[1];
    const signup = await browser.get(`/oidc/interaction/${uid}/signup`);
    expect(signup.body).toContain('Create an account');
    expect(securityHeaders(signup)).toEqual(unframable);
  });

  it("let only our own origin frame the silent sign-in's callback", async () => {
    const response = await get('/auth/silent-callback?code=abc&state=xyz');
    expect(securityHeaders(response)).toEqual({
      ...unframable,
      'content-security-policy': policy("'self'"),
      'x-frame-options': 'SAMEORIGIN',
    });
  });
});

describe('the sign-out page', () => {
  const signOut = `/oidc/session/end?client_id=${encodeURIComponent('fieldbook-web')}`;

  it('submits its form with a script from our origin, not an inline one', async () => {
    const { browser } = await signIn(t, { email: a.user.email, password: a.password });
    const page = await browser.get(signOut);
    expect(page.body).toContain('<h1>Signing out…</h1>');
    expect(securityHeaders(page)).toEqual(unframable);
    expect(page.body).toContain('<script src="/oidc-assets/logout.js"></script>');
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)/);

    const script = await get('/oidc-assets/logout.js');
    expect([script.statusCode, script.headers['content-type'], script.body]).toEqual([
      200,
      'text/javascript; charset=utf-8',
      'document.forms[0].submit();\n',
    ]);
  });

  it("lets the provider's own page (no session to end) run only its inline script, by its hash", async () => {
    const page = await get(signOut);
    const inline = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
  });
});

describe('served over https behind a proxy', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await createTestApp({ PUBLIC_URL: 'https://fieldbook.example', TRUST_PROXY: '1' });
  });
  afterAll(() => https.close());

  /** The proxy's request: TLS ended at the proxy, which says so in X-Forwarded-Proto. */
  const viaProxy = (method: 'GET' | 'POST', url: string, cookies: string[], form?: Record<string, string>) =>
    https.app.inject({
      method,
      url: url.replace(/^https?:\/\/[^/]+/, ''),
      headers: {
        host: 'fieldbook.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.7',
        cookie: cookies.map((line) => line.split(';')[0]).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
  const setCookies = (response: LightMyRequestResponse) => {
    const header = response.headers['set-cookie'];
    return Array.isArray(header) ? header : header ? [header] : [];
  };

  it('adds Strict-Transport-Security to the app, the API and the provider', async () => {
    for (const url of ['/', '/api/health', '/oidc/.well-known/openid-configuration']) {
      const response = await viaProxy('GET', url, []);
      expect([url, response.headers['strict-transport-security']]).toEqual([
        url,
        'max-age=31536000; includeSubDomains',
      ]);
    }
  });

  it("marks every cookie of the provider's sign-in Secure", async () => {
    const user = await createTenantWithUser(https);
    const cookies: string[] = [];
    const step = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
      const response = await viaProxy(method, url, cookies, form);
      cookies.push(...setCookies(response));
      return response;
    };
    const started = await step('GET', authorizationUrl(https).url);
    const page = await step('GET', String(started.headers.location));
    const uid = /interaction\/([^/"]+)\/login/.exec(page.body)?.[1];
    const login = await step('POST', `/oidc/interaction/${uid}/login`, {
      email: user.user.email,
      password: user.password,
    });
    const resumed = await step('GET', String(login.headers.location));
    expect(String(resumed.headers.location)).toMatch(/^https:\/\/fieldbook\.example\/auth\/callback\?code=/);

    const names = cookies.map((line) => line.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['_interaction', '_interaction_resume', '_session']));
    for (const line of cookies) expect(line).toMatch(/;\s*secure\s*(;|$)/i);
  });
});

describe('with an issuer of another origin', () => {
  const issuer = 'https://fieldbook.au.auth0.com';
  const app = Fastify();
  registerSecurityHeaders(
    app,
    loadConfig({ PUBLIC_URL: 'https://app.fieldbook.example', OIDC_ISSUER: `${issuer}/` }),
  );
  app.get('/*', async () => 'page');
  afterAll(() => app.close());

  it('lets the browser call and frame the issuer, and keeps the sign-in popup', async () => {
    const page = await app.inject({ method: 'GET', url: '/customers' });
    expect(securityHeaders(page)).toEqual({
      ...unframable,
      'content-security-policy': policy("'none'", ` ${issuer}`),
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    const popup = await app.inject({ method: 'GET', url: '/auth/popup-callback?code=abc' });
    expect(popup.headers['cross-origin-opener-policy']).toBeUndefined();
  });
});
