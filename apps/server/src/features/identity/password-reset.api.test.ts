import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { authorizationUrl, follow, newBrowser, signIn } from '../../test-support/oidc-flow.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// The app under test logs into `logged`, where the reset links go while no mail server is set up.
let t: TestApp;
let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({
    config: t.config,
    database: t.database,
    logger: { level: 'warn', stream: { write: (line) => void logged.push(line) } },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

async function signInPage(address = '127.0.0.1') {
  const browser = newBrowser(app, address);
  const page = await follow(browser, await browser.get(authorizationUrl(t).url));
  const uid = /interaction\/([^/"]+)\/login/.exec(page.body)?.[1] ?? '';
  return { browser, page, uid };
}

const waitingRequests = async () => {
  const { rows } = (await t.database.db.execute(
    sql`select email from password_reset_requests`,
  )) as unknown as { rows: { email: string }[] };
  return rows.map((row) => row.email);
};

/** Waits (at most 10 s) until the mail worker has taken every request for a reset link. */
async function requestsTaken() {
  for (let tries = 0; tries < 200 && (await waitingRequests()).length > 0; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await waitingRequests()).toEqual([]);
}

/** Asks for a reset link for `email` and returns the link the log shows once the worker has made it, if any. */
async function askForLink(email: string, address = '127.0.0.1') {
  const before = logged.length;
  const { browser, uid } = await signInPage(address);
  const sent = await browser.post(`/oidc/interaction/${uid}/forgot`, { email });
  await requestsTaken();
  const line = logged.slice(before).find((entry) => entry.includes('password reset link'));
  const link = line ? String(JSON.parse(line).link) : undefined;
  return { sent, link };
}

const credentials = (u: TenantWithUser, password = u.password) => ({ email: u.user.email, password });

describe('forgot password', () => {
  it('is offered on the sign-in page, and answers alike whether or not an account has the email', async () => {
    const { page, browser, uid } = await signInPage();
    expect(page.body).toContain(`href="/oidc/interaction/${uid}/forgot">Forgot password?</a>`);
    const form = await browser.get(`/oidc/interaction/${uid}/forgot`);
    expect(form.body).toContain('<h1>Forgot password</h1>');

    const a = await createTenantWithUser(t);
    const known = await askForLink(a.user.email.toUpperCase());
    const unknown = await askForLink('nobody-here@example.test');
    expect(known.link).toMatch(/^http:\/\/localhost:3000\/oidc\/reset\/[A-Za-z0-9_-]{43}$/);
    expect(unknown.link).toBeUndefined();
    // The email is stored for the mail worker, with the same link (no mail server here: it waits).
    const mails = (await t.database.db.execute(
      sql`select recipient, subject, body, status from identity_messages where recipient = ${a.user.email}`,
    )) as unknown as { rows: { recipient: string; subject: string; body: string; status: string }[] };
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]).toMatchObject({ subject: 'Choose a new Fieldbook password', status: 'QUEUED' });
    expect(mails.rows[0]?.body).toContain(known.link);
    // The answer was the same work for both: a request stored (and taken by the worker since).
    for (const { sent } of [known, unknown]) {
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain(
        'If an account uses that email, a link to choose a new password has been sent to it.',
      );
      expect(sent.body).toContain('the link was written to the server’s log');
    }
  });

  it('sets a new password once, signs out the old sessions and lets a throttled owner back in', async () => {
    const a = await createTenantWithUser(t);
    await signIn({ ...t, app }, credentials(a));
    // Someone guessed: the owner's address now has to wait.
    for (let i = 0; i < 5; i++) {
      const { browser, uid } = await signInPage('10.20.0.1');
      await browser.post(`/oidc/interaction/${uid}/login`, credentials(a, `guess-${i}`));
    }
    const { link } = await askForLink(a.user.email);
    const path = String(link).replace('http://localhost:3000', '');
    const browser = newBrowser(app);
    const form = await browser.get(path);
    expect(form.body).toContain('<h1>Choose a new password</h1>');
    expect(form.headers['referrer-policy']).toBe('no-referrer');

    const mismatch = await browser.post(path, { password: 'a-new-password', confirm: 'another-one' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('The two passwords are not the same.');
    const short = await browser.post(path, { password: 'short', confirm: 'short' });
    expect(short.body).toContain('Password must be at least 8 characters.');

    const done = await browser.post(path, { password: 'a-new-password', confirm: 'a-new-password' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password has been changed.');
    const sessions = (await t.database.db.execute(
      sql`select count(*)::int as n from oidc_payloads where payload->>'accountId' = ${a.user.id}`,
    )) as { rows: { n: number }[] };
    expect(sessions.rows[0]?.n).toBe(0);

    const again = await browser.post(path, { password: 'third-password', confirm: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This link to choose a new password has expired or has been used.');

    const { browser: owner, uid } = await signInPage('10.20.0.1');
    const old = await owner.post(`/oidc/interaction/${uid}/login`, credentials(a));
    expect(old.statusCode).toBe(401);
    const { browser: owner2, uid: uid2 } = await signInPage('10.20.0.1');
    const signedIn = await owner2.post(`/oidc/interaction/${uid2}/login`, credentials(a, 'a-new-password'));
    expect(signedIn.statusCode).toBe(303);
  });

  it('refuses a link that is made up, expired or malformed', async () => {
    const a = await createTenantWithUser(t);
    const { link } = await askForLink(a.user.email);
    await t.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 second'`);
    const browser = newBrowser(app);
    for (const path of [
      String(link).replace('http://localhost:3000', ''),
      '/oidc/reset/made-up',
      `/oidc/reset/${'x'.repeat(43)}`,
    ]) {
      const response = await browser.get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.body).toContain('Link expired');
    }
  });

  it('puts the cursor in Password after a wrong password, keeping the email', async () => {
    const a = await createTenantWithUser(t);
    const { browser, uid } = await signInPage('10.21.0.1');
    const wrong = await browser.post(`/oidc/interaction/${uid}/login`, credentials(a, 'not-it'));
    expect(wrong.body).toMatch(/<input id="password"[^>]* autofocus>/);
    expect(wrong.body).not.toMatch(/<input id="email"[^>]* autofocus/);
    expect(wrong.body).toContain(`value="${a.user.email}"`);
  });
});
