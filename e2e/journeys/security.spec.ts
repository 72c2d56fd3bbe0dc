import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, signInAs } from './sign-in.ts';

/** Logs each violation the page sees (browser code as text: the journeys are type-checked without the DOM). */
const LOG_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (event) => console.error(
  'CSP violation: ' + event.effectiveDirective + ' ' + event.blockedURI + ' at ' + event.sourceFile + ':' +
  event.lineNumber + ' in ' + location.pathname));`;

/** Every Content-Security-Policy violation in the page and its frames (the silent sign-in's iframe too). */
async function collectPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(LOG_VIOLATIONS);
  return violations;
}

test('signing in, working, reloading and signing out break no Content-Security-Policy rule', async ({
  page,
}) => {
  const violations = await collectPolicyViolations(page);
  const app = await page.goto('/customers');
  expect(app?.headers()['content-security-policy']).toContain("script-src 'self';");
  await signInAs(page);
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();

  const name = `Secure Sparks ${randomBytes(4).toString('hex')}`;
  await page.getByRole('link', { name: 'New customer' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A reload signs in again silently, in a hidden iframe of our own origin.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Fieldbook API/ })).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: DEMO.name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('another site cannot frame the sign-in page or the app', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const signInPage = page.url();
  expect(new URL(signInPage).pathname).toMatch(/^\/oidc\/interaction\//);

  // Another origin on this machine (a public one could not frame loopback pages anyway).
  const attacker = createServer((request, response) => {
    const framed = new URL(request.url ?? '/', 'http://x').searchParams.get('frame') ?? '';
    response.setHeader('content-type', 'text/html');
    response.end(`<h1>Win a prize</h1><iframe src="${framed}"></iframe>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const { port } = attacker.address() as AddressInfo;
  try {
    for (const framed of [signInPage, `${baseURL}/`]) {
      const refused = page.waitForEvent('console', {
        predicate: (message) => message.text().includes("frame-ancestors 'none'"),
        timeout: 10_000,
      });
      await page.goto(`http://127.0.0.1:${port}/?frame=${encodeURIComponent(framed)}`);
      await expect(page.getByRole('heading', { name: 'Win a prize' })).toBeVisible();
      await refused;
      await expect(page.frameLocator('iframe').locator('main, form, #root')).toHaveCount(0);
    }
  } finally {
    attacker.close();
  }
});
