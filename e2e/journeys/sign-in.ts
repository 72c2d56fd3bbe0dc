import { createHash, randomBytes } from 'node:crypto';
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@fieldbook.example', password: 'fieldbook-demo', name: 'Dana Demo' };
export const DEMO_TENANTS = ['Harbourside Plumbing & Gas', 'Southern Cross Electrical'] as const;

type Credentials = { email: string; password: string };

/** Fills the embedded identity provider's sign-in form. */
export async function signInAs(page: Page, credentials: Credentials = DEMO): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A network address of its own (TRUST_PROXY is on for the journeys' server), so the sign-up throttle does not count
 * a new account with everyone else's from 127.0.0.1.
 */
export const anotherAddress = () => ({
  'X-Forwarded-For': `198.51.100.${1 + Math.floor(Math.random() * 250)}`,
});

/** Where the provider sends the browser next (it answers the form and the authorization with 303s). */
function redirectOf(response: APIResponse): string {
  const location = response.headers().location;
  if (response.status() !== 303 || !location) {
    throw new Error(`${response.url()} answered ${response.status()} instead of a redirect`);
  }
  return location;
}

/**
 * Goes through the provider as the browser would, with the page's own request context (which shares the browser's
 * cookies): an authorization, then `submit` posts the sign-in or sign-up form of its interaction. The provider's
 * session cookie is then the browser's, so the app signs in silently at its first page, as it does for someone
 * who signed in earlier. Returns the authorization code and its PKCE verifier.
 */
async function startSession(
  request: APIRequestContext,
  submit: (interaction: string) => Promise<APIResponse>,
): Promise<{ code: string; verifier: string; redirectUri: string; clientId: string }> {
  const config = (await (await request.get('/config.json')).json()) as {
    clientId: string;
    scope: string;
    apiBaseUrl: string;
  };
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = new URL('/auth/callback', config.apiBaseUrl).href;
  const authorization = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: config.scope,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('base64url'),
  });
  const interaction = redirectOf(await request.get(`/oidc/auth?${authorization}`, { maxRedirects: 0 }));
  let next = redirectOf(await submit(interaction));
  while (!next.includes('/auth/callback')) next = redirectOf(await request.get(next, { maxRedirects: 0 }));
  const code = new URL(next, redirectUri).searchParams.get('code');
  if (!code) throw new Error(`No code in ${next}`);
  return { code, verifier, redirectUri, clientId: config.clientId };
}

/** Waits for the app's tokens: then it has signed in, and draws the page. */
const tokensOf = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/oidc/token' && response.ok());

/**
 * Opens a product path signed in as the demo user (or `credentials`), once the app has its tokens. The sign-in
 * form is posted without being shown (`startSession`); the journeys of the form itself fill it in the page
 * (`signInAs`).
 */
export async function openSignedIn(page: Page, path = '/', credentials: Credentials = DEMO): Promise<void> {
  await startSession(page.request, (interaction) =>
    page.request.post(`${interaction}/login`, { form: credentials, maxRedirects: 0 }),
  );
  const signedIn = tokensOf(page);
  await page.goto(path);
  await signedIn;
}

/**
 * Signs up a new user who creates their first organisation, and opens its home page; returns its name. The sign-up
 * form is posted and the organisation created through the API, as the pages would: the pages themselves have a
 * journey of their own (foundation.spec.ts).
 */
export async function signUpWithNewOrganisation(page: Page, suffix: string): Promise<string> {
  const organisation = `Sparks Electrical ${suffix}`;
  const person = {
    name: `Sam Sparks ${suffix}`,
    email: `sam-${suffix}@example.test`,
    password: 'a-long-password',
  };
  const { code, verifier, redirectUri, clientId } = await startSession(page.request, (interaction) =>
    page.request.post(`${interaction}/signup`, { form: person, headers: anotherAddress(), maxRedirects: 0 }),
  );
  const tokens = await page.request.post('/oidc/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    },
  });
  expect(tokens.ok(), await tokens.text()).toBe(true);
  const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
  const created = await page.request.post('/api/tenants', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { name: organisation },
  });
  expect(created.status(), await created.text()).toBe(201);
  const signedIn = tokensOf(page);
  await page.goto('/');
  await signedIn;
  await expect(page.getByRole('heading', { name: organisation })).toBeVisible();
  return organisation;
}

/**
 * The sign-in ends while `page` is open (it ran out, or its user signed out elsewhere): the provider's session cookie
 * is gone, the server refuses the token on a POST to `apiPath` (`/api/items`), and the provider refuses its renewal.
 * `page.unrouteAll()` lets the next sign-in through.
 */
export async function endSignIn(page: Page, apiPath: string): Promise<void> {
  await page.context().clearCookies();
  await page.route(`**${apiPath}`, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 401,
          json: { error: 'UNAUTHENTICATED', message: 'The access token has expired.' },
        })
      : route.fallback(),
  );
  await page.route('**/oidc/token', (route) =>
    route.request().postData()?.includes('grant_type=refresh_token')
      ? route.fulfill({
          status: 400,
          json: { error: 'invalid_grant', error_description: 'grant request is invalid' },
        })
      : route.fallback(),
  );
}
