import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

/** A browser's cookie jar, enough for the provider's cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    const lines = Array.isArray(header) ? header : header ? [header] : [];
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

export interface TokenSet {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
}

export interface Browser {
  jar: CookieJar;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, form: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** A cookie-keeping client of the app; `remoteAddress` is the network address it appears to come from. */
export function newBrowser(app: FastifyInstance, remoteAddress = '127.0.0.1'): Browser {
  const jar = new CookieJar();
  const headers = () => ({ host: 'localhost:3000', cookie: jar.header() });
  const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  return {
    jar,
    async get(url) {
      const response = await app.inject({ method: 'GET', url: path(url), headers: headers(), remoteAddress });
      jar.store(response);
      return response;
    },
    async post(url, form) {
      const response = await app.inject({
        method: 'POST',
        url: path(url),
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress,
        payload: new URLSearchParams(form).toString(),
      });
      jar.store(response);
      return response;
    },
  };
}

const base64url = (b: Buffer) => b.toString('base64url');

export interface AuthorizeOptions {
  tenant?: string;
  prompt?: string;
}

/** Starts an authorization request (PKCE S256) and returns where the provider sends the browser. */
export function authorizationUrl(t: TestApp, o: AuthorizeOptions = {}) {
  const verifier = base64url(randomBytes(32));
  const params = new URLSearchParams({
    client_id: t.config.oidc.clientId,
    redirect_uri: `${t.config.publicUrl}/auth/callback`,
    response_type: 'code',
    scope: t.config.oidc.scope,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state: base64url(randomBytes(8)),
    nonce: base64url(randomBytes(8)),
    ...(o.tenant ? { tenant: o.tenant } : {}),
    ...(o.prompt ? { prompt: o.prompt } : {}),
  });
  return { url: `/oidc/auth?${params}`, verifier };
}

/** Follows redirects until one leaves the provider (to the web app's callback) or a page renders. */
export async function follow(
  browser: Browser,
  first: LightMyRequestResponse,
): Promise<LightMyRequestResponse> {
  let response = first;
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.location;
    if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string')
      return response;
    if (location.includes('/auth/callback')) return response;
    response = await browser.get(location);
  }
  throw new Error('Too many redirects');
}

export async function exchangeCode(t: TestApp, callback: string, verifier: string): Promise<TokenSet> {
  const code = new URL(callback).searchParams.get('code');
  if (!code) throw new Error(`No code in ${callback}`);
  const response = await newBrowser(t.app).post('/oidc/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: `${t.config.publicUrl}/auth/callback`,
    client_id: t.config.oidc.clientId,
    code_verifier: verifier,
  });
  if (response.statusCode !== 200) throw new Error(`Token exchange failed: ${response.body}`);
  return response.json() as TokenSet;
}

/** The whole code flow as the web app performs it: sign-in form, callback, token exchange. */
export async function signIn(
  t: TestApp,
  credentials: { email: string; password: string },
  o: AuthorizeOptions & { browser?: Browser } = {},
): Promise<{ browser: Browser; tokens: TokenSet }> {
  const browser = o.browser ?? newBrowser(t.app);
  const { url, verifier } = authorizationUrl(t, o);
  const page = await follow(browser, await browser.get(url));
  const uid = /\/oidc\/interaction\/([^/"]+)\/login/.exec(page.body)?.[1];
  if (!uid) throw new Error(`No sign-in form: ${page.statusCode} ${page.body.slice(0, 300)}`);
  const callback = await follow(browser, await browser.post(`/oidc/interaction/${uid}/login`, credentials));
  const location = String(callback.headers.location);
  return { browser, tokens: await exchangeCode(t, location, verifier) };
}

export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
