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
