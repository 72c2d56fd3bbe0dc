import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { authorizationUrl, type Browser, follow, newBrowser } from '../../test-support/oidc-flow.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createUser } from './accounts.ts';
import { waitText } from './interactions.ts';
import { createSignInThrottle, type SignInRules } from './sign-in-throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
async function newAccount(email = `throttled-${++serial}@example.test`) {
  const password = `right-password-${serial}`;
  const user = await createUser(t.database.db, { email, name: `Throttled ${serial}`, password });
  return { ...user, password };
}

/** The sign-in form of a new authorization request, as seen from `address`. */
async function signInForm(app: FastifyInstance, address: string): Promise<{ browser: Browser; uid: string }> {
  const browser = newBrowser(app, address);
  const page = await follow(browser, await browser.get(authorizationUrl(t).url));
  const uid = /interaction\/([^/"]+)\/login/.exec(page.body)?.[1];
  if (!uid) throw new Error(`No sign-in form: ${page.body.slice(0, 200)}`);
  return { browser, uid };
}

async function attempt(address: string, email: string, password: string, app = t.app) {
  const { browser, uid } = await signInForm(app, address);
  return browser.post(`/oidc/interaction/${uid}/login`, { email, password });
}

/** Lets every wait run out, as if the time had passed (the counts stay). */
const letWaitsPass = () => t.database.db.execute(sql`update sign_in_attempts set retry_after = now()`);

describe('the sign-in throttle', () => {
  it('makes one address wait 30 seconds after 5 wrong passwords for an account, then twice as long', async () => {
    const user = await newAccount();
    for (let i = 0; i < 5; i++) {
      expect((await attempt('10.1.0.1', user.email, `guess-${i}`)).statusCode).toBe(401);
    }
    const refused = await attempt('10.1.0.1', user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.body).toContain(
      'Too many failed sign-in attempts. Please wait 30 seconds, then try again.',
    );

    await letWaitsPass();
    expect((await attempt('10.1.0.1', user.email, 'guess-6')).statusCode).toBe(401);
    const longer = await attempt('10.1.0.1', user.email, user.password);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');
  });

  it('does not lock the owner out: the right password from another address signs in', async () => {
    const user = await newAccount();
    for (let i = 0; i < 5; i++) await attempt('10.2.0.1', user.email, `guess-${i}`);
    expect((await attempt('10.2.0.1', user.email, user.password)).statusCode).toBe(429);
    const owner = await attempt('10.2.0.2', user.email, user.password);
    expect(owner.statusCode).toBe(303);
  });

  it('counts an account however its email is spelt, and never takes a look-alike for it', async () => {
    const user = await newAccount('tini@example.org');
    const spellings = [
      'TINI@example.org',
      ' tini@EXAMPLE.ORG ',
      'ｔｉｎｉ@example.org',
      'Tini@Example.Org',
      'tini@example.org',
    ];
    for (const spelling of spellings) {
      expect((await attempt('10.3.0.1', spelling, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await attempt('10.3.0.1', 'tİni@example.org', user.password)).statusCode).toBe(401);
    expect((await attempt('10.3.0.1', 'ＴＩＮＩ@example.org', user.password)).statusCode).toBe(429);
    expect((await attempt('10.3.0.9', 'ＴＩＮＩ@example.org', user.password)).statusCode).toBe(303);
  });

  it('slows guessing spread over many addresses to one a minute, at most a minute for the owner', async () => {
    const user = await newAccount();
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`10.4.1.${i}`, user.email, `guess-${i}`)).statusCode).toBe(401);
    }
    const refused = await attempt('10.4.2.1', user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    await letWaitsPass();
    expect((await attempt('10.4.2.1', user.email, user.password)).statusCode).toBe(303);
  });

  it('keeps its counts in the database: another process, and a restarted one, see them', async () => {
    const user = await newAccount();
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      for (let i = 0; i < 3; i++) await attempt('10.5.0.1', user.email, `a-${i}`, t.app);
      for (let i = 0; i < 2; i++) await attempt('10.5.0.1', user.email, `b-${i}`, other);
      expect((await attempt('10.5.0.1', user.email, user.password, other)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
    const restarted = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      expect((await attempt('10.5.0.1', user.email, user.password, restarted)).statusCode).toBe(429);
    } finally {
      await restarted.close();
    }
  });

  it('limits new accounts from one address', async () => {
    const signUp = async (address: string, n: number) => {
      const { browser, uid } = await signInForm(t.app, address);
      return browser.post(`/oidc/interaction/${uid}/signup`, {
        name: `Newcomer ${n}`,
        email: `newcomer-${address}-${n}@example.test`,
        password: 'long-enough-1',
      });
    };
    for (let n = 0; n < 5; n++) expect((await signUp('10.6.0.1', n)).statusCode).toBe(303);
    const refused = await signUp('10.6.0.1', 5);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many new accounts from your network. Please wait 1 minute');
    expect((await signUp('10.6.0.2', 6)).statusCode).toBe(303);
  });

  it('refuses an email with a control character as not valid, without looking it up', async () => {
    const user = await newAccount();
    const refused = await attempt('10.7.0.1', `${user.email}\u0000`, user.password);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Enter a valid email address.');
  });
});

describe('the throttle’s counting', () => {
  const rules: SignInRules = {
    accountFromAddress: { freeAttempts: 3, firstDelay: 10, maxDelay: 40 },
    account: { freeAttempts: 100, firstDelay: 10, maxDelay: 40 },
    address: { freeAttempts: 100, firstDelay: 10, maxDelay: 40 },
    signUp: { freeAttempts: 1, firstDelay: 10, maxDelay: 40 },
    passwordReset: { freeAttempts: 1, firstDelay: 10, maxDelay: 40 },
    quoteLinkAddress: { freeAttempts: 3, firstDelay: 10, maxDelay: 40 },
    quoteLinkAnswer: { freeAttempts: 1, firstDelay: 10, maxDelay: 40 },
  };

  it('admits exactly the free attempts out of many at once', async () => {
    const throttle = createSignInThrottle(t.database.db, rules);
    const all = await Promise.all(
      Array.from({ length: 20 }, () => throttle.beginSignIn('concurrent', '10.8.0.1')),
    );
    expect(all.filter((a) => a.allowed)).toHaveLength(3);
  });

  it('doubles the wait up to its limit, and forgets the count an hour after the last attempt', async () => {
    const throttle = createSignInThrottle(t.database.db, rules);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      await throttle.beginSignIn('doubling', '10.9.0.1');
      const refused = await throttle.beginSignIn('doubling', '10.9.0.1');
      waits.push(refused.allowed ? 0 : refused.retryAfterSeconds);
      await letWaitsPass();
    }
    expect(waits).toEqual([0, 10, 20, 40, 40, 40]);

    await t.database.db.execute(
      sql`update sign_in_attempts set last_attempt = now() - interval '61 minutes' where key like '%doubling%'`,
    );
    const fresh = await Promise.all([1, 2, 3].map(() => throttle.beginSignIn('doubling', '10.9.0.1')));
    expect(fresh.every((a) => a.allowed)).toBe(true);
  });

  it('takes a successful attempt back', async () => {
    const throttle = createSignInThrottle(t.database.db, rules);
    for (let i = 0; i < 10; i++) {
      expect((await throttle.beginSignIn('owner', '10.10.0.1')).allowed).toBe(true);
      await throttle.signedIn('owner', '10.10.0.1');
    }
  });
});

describe('waitText', () => {
  it.each([
    [1, '1 second'],
    [30, '30 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
  ])('%i s reads "%s"', (seconds, text) => {
    expect(waitText(seconds)).toBe(text);
  });
});
