import { expect, type Page } from '@playwright/test';

// The e2e server runs with no mail server, so every email waits in Settings › Outbox, where journeys read it.

/** The newest outbox message to `to`: its page's text (the link lives in the body). */
export async function outboxMessageTo(page: Page, to: string): Promise<string> {
  await page.goto('/settings/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await expect(page.getByText(/has no mail server set up/).first()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: to }).first();
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/settings\/outbox\/[0-9a-f-]{36}$/);
  // The page's h1 reads "Message" while it loads too; the h2 above the body appears once the message has come.
  await expect(page.getByRole('heading', { level: 2, name: 'Message' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(to);
  return page.getByRole('main').innerText();
}
