import { createHash, randomBytes } from 'node:crypto';

/**
 * A client of a running server over real HTTP: the embedded issuer's sign-in as the web app performs it
 * (authorization code with PKCE, the sign-in form, cookies and redirects by hand), and the API calls the
 * fault scenarios make.
 */

const CLIENT_ID = 'fieldbook-web';
const SCOPE = 'openid profile email api';
/** Every request gives up after this long, so no scenario can hang on a server that stopped answering. */
const REQUEST_TIMEOUT_MS = 30_000;

export const DEMO_CREDENTIALS = { email: 'demo@fieldbook.example', password: 'fieldbook-demo' };

/** A browser's cookies for one server, enough for the provider's: every cookie goes with every request. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** One sign-in's browser: follows nothing by itself, so every redirect and its cookies are seen. */
function browser(base: string) {
  const jar = new CookieJar();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    jar.store(response);
    return response;
  };
  return {
    get: (url: string) => send(url),
    post: (url: string, form: Record<string, string>) =>
      send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }),
  };
}

type Browser = ReturnType<typeof browser>;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** Starts an authorization (PKCE S256) and follows the provider to its sign-in form: the interaction's uid. */
async function openSignInForm(base: string, session: Browser, tenant?: string, publicUrl = base) {
  const verifier = base64url(randomBytes(32));
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: `${publicUrl}/auth/callback`,
    response_type: 'code',
    scope: SCOPE,
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    state: base64url(randomBytes(8)),
    nonce: base64url(randomBytes(8)),
    ...(tenant ? { tenant } : {}),
  });
  const start = await session.get(`/oidc/auth?${params}`);
  const answer = await start.text();
  const location = start.headers.get('location') ?? '';
  const uid = /\/oidc\/interaction\/([^/?#]+)/.exec(location)?.[1];
  if (start.status !== 303 || !uid)
    throw new Error(
      `/oidc/auth on ${base} answered ${start.status} to ${location}: ${answer
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .slice(-300)}`,
    );
  return { uid, verifier };
}

/** Follows the provider's redirects after the form until one leaves for the web app's callback. */
async function followToCallback(session: Browser, first: Response): Promise<string> {
  let response = first;
  for (let hops = 0; hops < 10; hops++) {
    const location = response.headers.get('location');
    await response.arrayBuffer();
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`Sign-in stopped at ${response.status} instead of reaching the callback`);
    }
    if (location.includes('/auth/callback')) return location;
    response = await session.get(location);
  }
  throw new Error('Sign-in: too many redirects');
}

/** Signs in through the embedded issuer and returns an access token (for the user's first organisation, or `tenant`). */
export async function signIn(base: string, credentials = DEMO_CREDENTIALS, tenant?: string): Promise<string> {
  const session = browser(base);
  const { uid, verifier } = await openSignInForm(base, session, tenant);
  const callback = await followToCallback(
    session,
    await session.post(`/oidc/interaction/${uid}/login`, credentials),
  );
  const code = new URL(callback, base).searchParams.get('code');
  if (!code) throw new Error(`No code in the callback ${callback}`);
  const tokens = await session.post('/oidc/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: `${base}/auth/callback`,
    client_id: CLIENT_ID,
    code_verifier: verifier,
  });
  const body = (await tokens.json()) as { access_token?: string };
  if (tokens.status !== 200 || !body.access_token)
    throw new Error(`Token exchange answered ${tokens.status}`);
  return body.access_token;
}

/**
 * One sign-in attempt through the form: its status and page (401 with 'Incorrect email or password.', 429, …),
 * and for a 429 the seconds its Retry-After asks to wait.
 */
export async function trySignIn(
  base: string,
  credentials: { email: string; password: string },
  /** The servers' PUBLIC_URL, when `base` is one of several copies behind it. */
  publicUrl = base,
) {
  const session = browser(base);
  const { uid } = await openSignInForm(base, session, undefined, publicUrl);
  const response = await session.post(`/oidc/interaction/${uid}/login`, credentials);
  const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
  return { status: response.status, page: await response.text(), retryAfter };
}

export interface Customer {
  id: string;
  name: string;
  updated: string;
}

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** The API as one signed-in user acting in one organisation. */
export function apiAs(base: string, token: string) {
  async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(new URL(path, base), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as T,
      headers: response.headers,
    };
  }
  return {
    get: <T>(path: string) => call<T>('GET', path),
    put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
    /** Headers such as Idempotency-Key or X-Request-Id go with it. */
    createCustomer: (name: string, headers: Record<string, string> = {}) =>
      call<Customer>('POST', '/api/customers', { name }, headers),
    getCustomer: (id: string) => call<Customer>('GET', `/api/customers/${id}`),
    saveCustomer: (id: string, fields: { name: string; updated: string }) =>
      call<Customer>('PUT', `/api/customers/${id}`, { id, ...fields }),
    /** Every customer's id, page by page. */
    async customerIds(): Promise<Set<string>> {
      const ids = new Set<string>();
      for (let page = 1; page <= 1000; page++) {
        const answer = await call<Customer[]>('GET', `/api/customers?s=1000&p=${page}`);
        if (answer.status !== 200) throw new Error(`GET /api/customers answered ${answer.status}`);
        for (const customer of answer.body) ids.add(customer.id);
        if (answer.body.length < 1000) return ids;
      }
      throw new Error('More than a million customers');
    },
    /** The customers whose name contains `text`. */
    findCustomers: (text: string) =>
      call<Customer[]>('GET', `/api/customers?s=1000&q=${encodeURIComponent(`"${text}"`)}`),
  };
}

export type Api = ReturnType<typeof apiAs>;

/** How many of these customers are missing, as a new sign-in to the server sees its first organisation. */
export async function missingCustomers(base: string, ids: Iterable<string>): Promise<number> {
  const present = await apiAs(base, await signIn(base)).customerIds();
  return [...ids].filter((id) => !present.has(id)).length;
}
