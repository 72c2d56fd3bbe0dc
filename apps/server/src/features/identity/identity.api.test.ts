import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTenantWithUser,
  createTwoTenants,
  type TenantWithUser,
} from '../../test-support/factories.ts';
import { authorizationUrl, decodeJwt, follow, newBrowser, signIn } from '../../test-support/oidc-flow.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTenant } from '../tenants/tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let secondTenantId: string;
const ns = 'https://fieldbook.app/';

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await createTwoTenants(t));
  secondTenantId = (
    await createTenant(t.database.db, {
      name: 'Alpha Gas',
      creator: { subject: a.user.id, name: a.user.name, email: a.user.email },
    })
  ).tenantId;
});
afterAll(() => t.close());

const credentials = (u: TenantWithUser) => ({ email: u.user.email, password: u.password });

describe('signing in through the embedded provider', () => {
  it('issues tokens whose claims carry the tenant and the list of tenants', async () => {
    const { tokens } = await signIn(t, credentials(a));
    const id = decodeJwt(tokens.id_token);
    expect(id[`${ns}tenantId`]).toBe(a.tenant.tenantId);
    expect(id[`${ns}tenants`]).toEqual([
      { tenantId: a.tenant.tenantId, tenantName: 'Alpha Plumbing' },
      { tenantId: secondTenantId, tenantName: 'Alpha Gas' },
    ]);
    expect(id).toMatchObject({ sub: a.user.id, email: a.user.email, name: a.user.name });

    const [header] = tokens.access_token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString()).typ).toBe('at+jwt');
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      sub: a.user.id,
      aud: t.config.oidc.audience,
      [`${ns}tenantId`]: a.tenant.tenantId,
    });
    expect(tokens.refresh_token).toBeTruthy();

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: bearer(tokens.access_token),
    });
    expect(me.json()).toMatchObject({ tenantId: a.tenant.tenantId, tenantName: 'Alpha Plumbing' });
  });

  it('says the email or password is wrong without revealing which', async () => {
    const browser = newBrowser(t.app);
    const page = await follow(browser, await browser.get(authorizationUrl(t).url));
    const uid = /interaction\/([^/"]+)\/login/.exec(page.body)?.[1];
    expect(page.body).toContain('<label for="email">Email</label>');
    expect(page.body).toContain('<label for="password">Password</label>');
    const wrongPassword = await browser.post(`/oidc/interaction/${uid}/login`, {
      email: a.user.email,
      password: 'nope-nope',
    });
    const unknownEmail = await browser.post(`/oidc/interaction/${uid}/login`, {
      email: 'nobody@example.test',
      password: 'nope-nope',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.body).toContain('Incorrect email or password.');
    expect(unknownEmail.body).toContain('Incorrect email or password.');
  });

  it('signs in to the tenant the request names', async () => {
    const { tokens } = await signIn(t, credentials(a), { tenant: secondTenantId });
    expect(decodeJwt(tokens.id_token)[`${ns}tenantId`]).toBe(secondTenantId);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: bearer(tokens.access_token),
    });
    expect(me.json().tenantName).toBe('Alpha Gas');
  });

  it('refuses a tenant the user does not belong to', async () => {
    const browser = newBrowser(t.app);
    const { url } = authorizationUrl(t, { tenant: b.tenant.tenantId });
    const page = await follow(browser, await browser.get(url));
    const uid = /interaction\/([^/"]+)\/login/.exec(page.body)?.[1];
    const result = await follow(
      browser,
      await browser.post(`/oidc/interaction/${uid}/login`, credentials(a)),
    );
    const callback = new URL(String(result.headers.location));
    expect(callback.pathname).toBe('/auth/callback');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('switches tenant within a session without asking for the password again, and refuses a foreign tenant', async () => {
    const { browser } = await signIn(t, credentials(a));
    const switchTo = authorizationUrl(t, { tenant: secondTenantId });
    const switched = await follow(browser, await browser.get(switchTo.url));
    expect(String(switched.headers.location)).toMatch(/\/auth\/callback\?code=/);

    const foreign = await follow(
      browser,
      await browser.get(authorizationUrl(t, { tenant: b.tenant.tenantId }).url),
    );
    expect(new URL(String(foreign.headers.location)).searchParams.get('error')).toBe('access_denied');
  });

  it('keeps the tenant across refresh-token rotation and refuses a reused refresh token', async () => {
    const { tokens } = await signIn(t, credentials(a), { tenant: secondTenantId });
    const refresh = (token: string) =>
      newBrowser(t.app).post('/oidc/token', {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: t.config.oidc.clientId,
      });
    const rotated = await refresh(tokens.refresh_token ?? '');
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token)[`${ns}tenantId`]).toBe(secondTenantId);
    expect(decodeJwt(next.id_token)[`${ns}tenantId`]).toBe(secondTenantId);
    expect((await refresh(tokens.refresh_token ?? '')).statusCode).toBe(400);
  });

  it('stops every refresh token of the session when the user signs out (another tab holds one too)', async () => {
    const { browser, tokens } = await signIn(t, credentials(a));
    const otherTab = tokens.refresh_token ?? '';
    const refresh = (token: string) =>
      newBrowser(t.app).post('/oidc/token', {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: t.config.oidc.clientId,
      });
    const before = await refresh(otherTab);
    expect(before.statusCode, before.body).toBe(200);
    const held = before.json().refresh_token as string;

    // Sign out as the web app does: end_session, then the provider's confirmation form (its hidden `logout`).
    const end = await browser.get(
      `/oidc/session/end?client_id=${t.config.oidc.clientId}&post_logout_redirect_uri=${encodeURIComponent(`${t.config.publicUrl}/`)}`,
    );
    expect(end.statusCode, end.body).toBe(200);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(end.body)?.[1] ?? '';
    expect(xsrf).not.toBe('');
    const confirmed = await browser.post('/oidc/session/end/confirm', { xsrf, logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);

    const after = await refresh(held);
    expect(after.statusCode).toBe(400);
    expect(after.json().error).toBe('invalid_grant');
  });

  it('requires PKCE', async () => {
    const { url } = authorizationUrl(t);
    const withoutPkce = url.replace(/&code_challenge=[^&]+/, '').replace(/&code_challenge_method=S256/, '');
    const response = await follow(newBrowser(t.app), await newBrowser(t.app).get(withoutPkce));
    expect(String(response.headers.location ?? response.body)).toMatch(
      /code_challenge|PKCE|invalid_request/i,
    );
  });

  it('keeps sessions, grants and tokens in the database', async () => {
    await signIn(t, credentials(a));
    const result = (await t.database.db.execute(
      sql`select distinct model from oidc_payloads order by model`,
    )) as {
      rows: { model: string }[];
    };
    expect(result.rows.map((r) => r.model)).toEqual(
      expect.arrayContaining(['Grant', 'Session', 'RefreshToken']),
    );
  });
});

describe('signing up', () => {
  it('creates an account and signs the new user in with no organisation', async () => {
    const browser = newBrowser(t.app);
    const { url, verifier } = authorizationUrl(t);
    const page = await follow(browser, await browser.get(url));
    const uid = /interaction\/([^/"]+)\/login/.exec(page.body)?.[1];
    const form = await browser.get(`/oidc/interaction/${uid}/signup`);
    expect(form.body).toContain('<label for="name">Name</label>');

    const invalid = await browser.post(`/oidc/interaction/${uid}/signup`, {
      name: '',
      email: 'bad',
      password: 'short',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Enter your name.');
    expect(invalid.body).toContain('Password must be at least 8 characters.');

    for (const name of ['Nina\u0000', '\u200b\u200b', 'Ni\u0007na']) {
      const notText = await browser.post(`/oidc/interaction/${uid}/signup`, {
        name,
        email: 'nina@example.test',
        password: 'long-enough-1',
      });
      expect(notText.statusCode, JSON.stringify(name)).toBe(400);
      expect(notText.body).toMatch(/Remove the characters that are not text|Enter your name\./);
    }

    const taken = await browser.post(`/oidc/interaction/${uid}/signup`, {
      name: 'X',
      email: a.user.email,
      password: 'long-enough-1',
    });
    expect(taken.body).toContain('An account with this email already exists.');

    const done = await follow(
      browser,
      await browser.post(`/oidc/interaction/${uid}/signup`, {
        name: 'Nina New',
        email: 'nina@example.test',
        password: 'long-enough-1',
      }),
    );
    const { exchangeCode } = await import('../../test-support/oidc-flow.ts');
    const tokens = await exchangeCode(t, String(done.headers.location), verifier);
    const id = decodeJwt(tokens.id_token);
    expect(id.name).toBe('Nina New');
    expect(id[`${ns}tenantId`]).toBeUndefined();
    expect(id[`${ns}tenants`]).toEqual([]);
  });

  it('can be switched off by a setting', async () => {
    const closed = await createTestApp({ OIDC_SIGNUP_ENABLED: 'false' });
    try {
      const user = await createTenantWithUser(closed);
      const browser = newBrowser(closed.app);
      const page = await follow(browser, await browser.get(authorizationUrl(closed).url));
      expect(page.body).not.toContain('Create an account');
      const uid = /interaction\/([^/"]+)\/login/.exec(page.body)?.[1];
      expect((await browser.get(`/oidc/interaction/${uid}/signup`)).statusCode).toBe(404);
      expect(user.tenant.tenantName).toBeTruthy();
    } finally {
      await closed.close();
    }
  });
});
