import { expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@fieldbook.example', password: 'fieldbook-demo', name: 'Dana Demo' };
export const DEMO_TENANTS = ['Harbourside Plumbing & Gas', 'Southern Cross Electrical'] as const;

/** Fills the embedded identity provider's sign-in form. */
export async function signInAs(
  page: Page,
  credentials: { email: string; password: string } = DEMO,
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens a product path and signs in with the demo user. */
export async function openSignedIn(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await signInAs(page);
}

/**
 * Signs up a new user and creates their first organisation; returns its name. One network address may make 5
 * accounts before it is made to wait (`SIGN_IN_RULES.signUp`), and every journey runs from 127.0.0.1: a journey
 * that needs no new organisation uses the demo one (`openSignedIn`).
 */
export async function signUpWithNewOrganisation(page: Page, suffix: string): Promise<string> {
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
  return organisation;
}
