import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_TENANTS, openSignedIn, signInAs } from './sign-in.ts';

test('signs in with the demo user through the real flow and shows the organisation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Demo sign-in')).toBeVisible();
  await signInAs(page);
  await expect(page.getByRole('heading', { name: DEMO_TENANTS[0] })).toBeVisible();
  for (const link of ['Scheduler', 'Jobs', 'Invoices', 'Customers']) {
    await expect(page.getByRole('link', { name: link, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
});

test('a first visit goes to the sign-in page without downloading the app; a live session comes straight back', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(scripts.filter((path) => path.includes('render-app'))).toEqual([]);

  await signInAs(page);
  await expect(page.getByRole('heading', { name: DEMO_TENANTS[0] })).toBeVisible();
  // The browser forgets that it has signed in (the hint in localStorage); the provider's session is still alive.
  await page.evaluate('localStorage.clear()');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: DEMO_TENANTS[0] })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('a wrong password is refused without saying whether the email exists', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, { email: DEMO.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');
});

test('comes back to the deep link after sign-in', async ({ page }) => {
  await page.goto('/settings/users?tab=all');
  await signInAs(page);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/users\?tab=all$/);
});

test('a reload keeps the user signed in without showing the sign-in page', async ({ page }) => {
  await page.goto('/settings');
  await signInAs(page);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('switches tenant from the user menu', async ({ page }) => {
  await openSignedIn(page);
  await expect(page.getByRole('heading', { name: DEMO_TENANTS[0] })).toBeVisible();
  await page.getByRole('button', { name: DEMO.name }).click();
  await page.getByRole('menuitem', { name: DEMO_TENANTS[1] }).click();
  await expect(page.getByRole('heading', { name: DEMO_TENANTS[1] })).toBeVisible();
  // The choice survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: DEMO_TENANTS[1] })).toBeVisible();
});

test('the user menu leads to the account and organisation pages', async ({ page }) => {
  await openSignedIn(page);
  await page.getByRole('button', { name: DEMO.name }).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(page.getByText(DEMO.email)).toBeVisible();
  await page.getByRole('button', { name: DEMO.name }).click();
  await page.getByRole('menuitem', { name: 'Organisations' }).click();
  await expect(page.getByRole('heading', { name: 'Organisations' })).toBeVisible();
  await expect(page.getByRole('main').getByText(DEMO_TENANTS[1])).toBeVisible();
});

test('a new user signs up, creates an organisation and lands on its home page', async ({ page }) => {
  const suffix = randomBytes(4).toString('hex');
  const organisation = `Sparks Electrical ${suffix}`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(`Sam Sparks ${suffix}`);
  await page.getByLabel('Email').fill(`sam-${suffix}@example.test`);
  await page.getByLabel('Password').fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an organization' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign out' })).toBeVisible();
  await page.getByLabel('Organisation name').fill(organisation);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { name: organisation })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: organisation })).toBeVisible();
});

test('signs out and returns to the product home, which asks for sign-in again', async ({ page }) => {
  await openSignedIn(page);
  await expect(page.getByRole('heading', { name: DEMO_TENANTS[0] })).toBeVisible();
  await page.getByRole('button', { name: DEMO.name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Signed out' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test("shows 'Page not found' on an unknown path without signing in", async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
});

test('the service-unavailable page has its text', async ({ page }) => {
  await openSignedIn(page, '/error/service-unavailable');
  await expect(page.getByRole('heading', { name: 'Service Unavailable' })).toBeVisible();
  await expect(
    page.getByText('The service is currently unavailable. Please try again in a few minutes.'),
  ).toBeVisible();
});
